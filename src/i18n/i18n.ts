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
  // A server render has no document: the server writes the page's lang itself.
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const pageTexts = new Map<Locale, Promise<void>>();

/**
 * Adds the texts of the pages besides sign-in to the active locale's catalog, once per
 * locale (in a browser the locale changes only with a page load; the server's render
 * draws pages in both). A failed download is asked for again by the next caller.
 */
export function loadPageTexts(): Promise<void> {
  const locale = activeLocale();
  let loading = pageTexts.get(locale);
  if (loading === undefined) {
    loading = pageCatalogs[locale]().then(
      ({ messages }) => i18n.load(locale, messages),
      (error: unknown) => {
        pageTexts.delete(locale);
        throw error;
      },
    );
    pageTexts.set(locale, loading);
  }
  return loading;
}

export { i18n };

/** The locale of the page (the server answers `next` and writes mails in it). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : pageLocale();
}
