import { Flex, Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { locales, saveLocaleChoice, withLocale, type Locale } from '../i18n/locale.ts';

const names: Record<Locale, string> = { en: 'English', ru: 'Русский' };

/**
 * Choosing a language reloads the page under the new prefix (section 1): a link per
 * language to this very page in it, the current one marked. Links rather than a select:
 * one click, reachable by search engines (hreflang), and no select on every first visit.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const { href } = useLocation();
  return (
    <Flex as="nav" aria-label={t`Language`} gap="3" align="center">
      {locales.map((locale) => {
        const current = locale === i18n.locale;
        return (
          <Link
            key={locale}
            href={withLocale(href, locale)}
            lang={locale}
            hrefLang={locale}
            aria-current={current ? 'true' : undefined}
            fontWeight={current ? 'semibold' : undefined}
            color={current ? 'fg' : undefined}
            onClick={() => saveLocaleChoice(locale)}
          >
            {names[locale]}
          </Link>
        );
      })}
    </Flex>
  );
}
