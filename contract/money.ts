import type { Currency } from './billing.ts';

// Money as the pages and the mails write it (section 9), on both sides of the API.

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
