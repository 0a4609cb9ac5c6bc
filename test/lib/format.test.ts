import { describe, expect, it } from 'vitest';
import { formatDate } from '../../contract/dates.ts';
import { formatMoney, groupThousands } from '../../contract/money.ts';

const nbsp = '\u00a0';

describe('money (section 9)', () => {
  it('groups thousands with spaces', () => {
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1500)).toBe(`1${nbsp}500`);
    expect(groupThousands(1234567)).toBe(`1${nbsp}234${nbsp}567`);
    expect(groupThousands(-12000)).toBe(`-12${nbsp}000`);
  });
  it('puts the rouble sign after the amount, dollar and euro before', () => {
    expect(formatMoney(15000, 'rub')).toBe(`15${nbsp}000${nbsp}₽`);
    expect(formatMoney(1200, 'usd')).toBe(`$1${nbsp}200`);
    expect(formatMoney(99, 'eur')).toBe('€99');
  });
});

describe('dates (section 9)', () => {
  it("reads 'MMMM D, YYYY' in English", () => {
    expect(formatDate('2026-01-05T10:00:00Z', 'en')).toBe('January 5, 2026');
  });
  it("reads 'D MMMM YYYY' in Russian with the genitive month", () => {
    expect(formatDate(new Date('2026-03-21T00:00:00Z'), 'ru')).toBe('21 марта 2026');
  });
  it("names every month as the browser's own formatter does, in both languages", () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2027, month, 28, 23, 30));
      for (const [locale, tag] of [
        ['en', 'en-US'],
        ['ru', 'ru-RU'],
      ] as const) {
        const parts = new Intl.DateTimeFormat(tag, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }).formatToParts(date);
        const part = (type: Intl.DateTimeFormatPartTypes) =>
          parts.find((p) => p.type === type)?.value;
        const expected =
          locale === 'ru'
            ? `${part('day')} ${part('month')} ${part('year')}`
            : `${part('month')} ${part('day')}, ${part('year')}`;
        expect(formatDate(date, locale)).toBe(expected);
      }
    }
  });
});
