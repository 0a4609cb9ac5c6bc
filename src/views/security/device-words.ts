import { useLingui } from '@lingui/react/macro';
import { isLocale, type Locale } from '../../i18n/locale.ts';

interface Seen {
  browser: string | null;
  os: string | null;
  ip: string | null;
  country: string | null;
}

/** A country's name in the page's language, or its code where the browser has none. */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** How the security page names a browser and where it was: "Safari 17 on iOS 17", the address, the country. */
export function useDeviceWords() {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return {
    locale,
    device: ({ browser, os }: Pick<Seen, 'browser' | 'os'>) => {
      const named = browser ?? t`Unknown browser`;
      return os ? t`${named} on ${os}` : named;
    },
    place: ({ ip, country }: Pick<Seen, 'ip' | 'country'>): string[] =>
      [ip, country && countryName(country, locale)].filter((part): part is string => !!part),
  };
}
