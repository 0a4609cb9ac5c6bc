/**
 * The query /subscription is sent back with (section 2): the payment attempt and
 * why. A module of its own: the route reads it on the first visit, the schemas of
 * contract/billing.ts load with the billing pages.
 */
export const attemptStatuses = ['success', 'unknown', 'failed'] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];
export const scenarios = ['creation', 'updating', 'cancellation', 'invoiceRequested'] as const;
export type Scenario = (typeof scenarios)[number];
