import { i18n, type Messages } from '@lingui/core';
import { isLocale, pageLocale, type Locale } from './locale.ts';

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  ru: () => import('../locales/ru/messages.po'),
};

/** Loads and activates one locale's catalog; only that catalog is downloaded. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export { i18n };

/** The locale of the page (the server answers `next` and writes mails in it). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : pageLocale();
}
