import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as ru } from '../../src/locales/ru/messages.po';
import { daysCount, usersCount } from '../../src/i18n/plurals.ts';

describe('team plurals', () => {
  it('has one and other forms in English', () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    expect(usersCount(1)).toBe('1 user');
    expect(usersCount(5)).toBe('5 users');
    expect(daysCount(21)).toBe('21 days');
  });
  it('has three forms in Russian', () => {
    i18n.loadAndActivate({ locale: 'ru', messages: ru });
    expect([1, 2, 5, 21, 22, 25, 11].map(usersCount)).toEqual([
      '1 пользователь',
      '2 пользователя',
      '5 пользователей',
      '21 пользователь',
      '22 пользователя',
      '25 пользователей',
      '11 пользователей',
    ]);
    expect([1, 3, 7].map(daysCount)).toEqual(['1 день', '3 дня', '7 дней']);
  });
});
