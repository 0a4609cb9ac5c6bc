/** One content width for the subscription, plans and checkout pages: three plan cards side by side. */
export const subscriptionWidth = '4xl';
