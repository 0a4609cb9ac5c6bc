import type { SocialProvider } from '../../contract/identity.ts';

/**
 * Where a social button sends the browser: GET /api/auth/social/{provider}/start/, a
 * full navigation (the server redirects to the provider), not a fetch. Kept out of
 * src/api so the sign-in page does not load the identity calls on its first visit, and
 * apart from the consent flow, whose machine only sign-up runs.
 */
export function socialStartUrl(
  provider: SocialProvider,
  intent: 'login' | 'signup',
  next: string,
): string {
  const query = new URLSearchParams({ intent, next });
  return `/api/auth/social/${provider}/start/?${query.toString()}`;
}
