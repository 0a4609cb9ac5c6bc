import type { Locale } from './countries.ts';

const months: Record<Locale, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
};

/**
 * 'MMMM D, YYYY' in English, 'D MMMM YYYY' in Russian (genitive month, no 'г.'), in UTC.
 * The month's names are written here rather than asked of `Intl.DateTimeFormat`: a page's
 * first formatter loads the language's calendar data, a long task on a slow phone for a
 * single date (decision 0009). A unit test checks the names against the browser's.
 */
export function formatDate(date: Date | string, locale: Locale): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const day = value.getUTCDate();
  const month = months[locale][value.getUTCMonth()];
  const year = value.getUTCFullYear();
  return locale === 'ru' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
