import { NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { locales, saveLocaleChoice, withLocale, isLocale, type Locale } from '../i18n/locale.ts';

const names: Record<Locale, string> = { en: 'English', ru: 'Русский' };

/** Choosing a language reloads the page under the new prefix (section 1). */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  return (
    <NativeSelect.Root size="sm" width="auto" flexShrink={0}>
      <NativeSelect.Field
        aria-label={t`Language`}
        value={i18n.locale}
        onChange={(e) => {
          const locale = e.target.value;
          if (!isLocale(locale)) return;
          saveLocaleChoice(locale);
          window.location.assign(withLocale(window.location.href, locale));
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
