import { dictionary } from '@zxcvbn-ts/language-common';

/*
 * zxcvbn-ts's list of common passwords (about 49,000, lower-case, from leaked password
 * sets), the first thing a guesser tries. ASVS 6.2.4 asks to refuse them at sign-up
 * and at every password change. The Set is built on first use: most processes never
 * take a new password.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
