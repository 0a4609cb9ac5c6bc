import { plural } from '@lingui/core/macro';

/** The team plurals of section 1; Russian has one, few and many forms. */
export function usersCount(count: number): string {
  return plural(count, { one: '# user', other: '# users' });
}

export function daysCount(count: number): string {
  return plural(count, { one: '# day', other: '# days' });
}
