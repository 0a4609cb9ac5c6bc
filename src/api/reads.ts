/**
 * The reads a page warms as it starts (`warmReads` in client.ts), shared with the calls
 * that take their answers: a warmed path the call spells otherwise is fetched twice.
 */
export const readPaths = {
  countries: 'v1/countries/',
  socialAccounts: 'v1/profile/social/',
  subscription: 'subscription/',
  prices: 'v1/subscription/prices/',
  convertion: 'subscription/convertion/',
  inAdvance: 'subscription/in_advance/',
} as const;
