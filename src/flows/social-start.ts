import type { SocialProvider } from '../../contract/identity.ts';
import { activeLocale } from '../i18n/i18n.ts';

/**
 * Where a social button sends the browser: GET /api/auth/social/{provider}/start/, a
 * full navigation (the server redirects to the provider), not a fetch. Kept out of
 * src/api so the sign-in page does not load the identity calls on its first visit, and
 * apart from the consent flow, whose machine only sign-up runs. The page's locale goes
 * along, so every way back from the provider (a cancel too) is in the same language.
 */
export function socialStartUrl(
  provider: SocialProvider,
  intent: 'login' | 'signup',
  next: string,
): string {
  const query = new URLSearchParams({ intent, next, locale: activeLocale() });
  return `/api/auth/social/${provider}/start/?${query.toString()}`;
}
