import { describe, expect, it } from 'vitest';
import { localeOfPath, pageLocale, withLocale } from '../../src/i18n/locale.ts';

describe('locale prefix', () => {
  it('reads the prefix of a path', () => {
    expect(localeOfPath('/ru/profile')).toBe('ru');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/profile')).toBeNull();
    expect(localeOfPath('/')).toBeNull();
  });
  it('moves an address under another prefix, keeping query and hash', () => {
    expect(withLocale('http://h/en/login/1?next=%2Fen%2Fprofile#x', 'ru')).toBe(
      '/ru/login/1?next=%2Fen%2Fprofile#x',
    );
    expect(withLocale('/profile', 'ru')).toBe('/ru/profile');
    expect(withLocale('/en', 'ru')).toBe('/ru');
  });
  it('takes the page-level default from the HTML, falling back to en', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(pageLocale(doc)).toBe('en');
    doc.head.innerHTML = '<meta name="portal-locale" content="ru">';
    expect(pageLocale(doc)).toBe('ru');
    doc.head.innerHTML = '<meta name="portal-locale" content="de">';
    expect(pageLocale(doc)).toBe('en');
  });
});
