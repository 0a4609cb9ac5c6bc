import { i18n, type Messages } from '@lingui/core';
import { isLocale, pageLocale, type Locale } from './locale.ts';

type Catalog = () => Promise<{ messages: Messages }>;

/** The texts of the shell and the sign-in page: what a first visit shows (the page preloads it). */
const firstVisitCatalogs: Record<Locale, Catalog> = {
  en: () => import('../locales/en/messages.po'),
  ru: () => import('../locales/ru/messages.po'),
};

/** The texts of every other page, loaded when one is about to show (decision 0009). */
const pageCatalogs: Record<Locale, Catalog> = {
  en: () => import('../locales/en/pages.po'),
  ru: () => import('../locales/ru/pages.po'),
};

/** Loads and activates the first visit's texts of one locale; only that locale's are downloaded. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await firstVisitCatalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

let pageTexts: Promise<void> | null = null;

/**
 * Adds the texts of the pages besides sign-in to the active locale's catalog, once (the
 * locale changes only with a page load). A failed download is asked for again by the
 * next caller.
 */
export function loadPageTexts(): Promise<void> {
  const locale = activeLocale();
  pageTexts ??= pageCatalogs[locale]().then(
    ({ messages }) => i18n.load(locale, messages),
    (error: unknown) => {
      pageTexts = null;
      throw error;
    },
  );
  return pageTexts;
}

export { i18n };

/** The locale of the page (the server answers `next` and writes mails in it). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : pageLocale();
}
