import { randomBytes } from 'node:crypto';

export const newCheckoutId = () => `co_${randomBytes(16).toString('base64url')}`;
/** What an id of ours looks like; anything else is not looked up at all. */
export const isCheckoutId = (id: string) => /^co_[\w-]{1,64}$/.test(id);
