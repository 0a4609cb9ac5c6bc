import type { SocialProvider } from '../../contract/identity.ts';

export { socialConsentMachine as liveSocialConsentMachine } from '../../machines/social-consent.machine.ts';

/**
 * Where a social button sends the browser: GET /api/auth/social/{provider}/start/, a
 * full navigation (the server redirects to the provider), not a fetch. Kept out of
 * src/api so the sign-in page does not load the identity calls on its first visit.
 */
export function socialStartUrl(
  provider: SocialProvider,
  intent: 'login' | 'signup',
  next: string,
): string {
  const query = new URLSearchParams({ intent, next });
  return `/api/auth/social/${provider}/start/?${query.toString()}`;
}
