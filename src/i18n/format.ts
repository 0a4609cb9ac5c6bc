import type { Locale } from './locale.ts';

export type Currency = 'rub' | 'usd' | 'eur';

const NBSP = '\u00a0';

/** Groups thousands with (non-breaking) spaces in both locales: 12 500. */
export function groupThousands(amount: number): string {
  const [whole = '0', fraction] = Math.abs(amount).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${amount < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const symbols: Record<Currency, string> = { rub: '₽', usd: '$', eur: '€' };

/** Money as section 9 says: the rouble sign after the amount, dollar and euro before. */
export function formatMoney(amount: number, currency: Currency): string {
  const value = groupThousands(amount);
  return currency === 'rub' ? `${value}${NBSP}${symbols.rub}` : `${symbols[currency]}${value}`;
}

/** 'MMMM D, YYYY' in English, 'D MMMM YYYY' in Russian (genitive month, no 'г.'). */
export function formatDate(date: Date | string, locale: Locale): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const parts = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return locale === 'ru'
    ? `${part('day')} ${part('month')} ${part('year')}`
    : `${part('month')} ${part('day')}, ${part('year')}`;
}
