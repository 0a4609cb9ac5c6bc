import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords } from '@zxcvbn-ts/language-en';

/*
 * A password is refused when zxcvbn-ts estimates it guessable: below score 3, fewer
 * than 10^8 guesses (ASVS 6.2.4, 6.2.9; docs/decisions/0211-password-strength.md). The
 * estimate knows leaked passwords, English words and names, keyboard walks, dates,
 * repeats, l33t spellings, and the user's own address and names (the `hints`).
 *
 * Built on first use (about 0.2-0.4 s: the dictionaries are ranked once): most
 * processes never take a new password. Each estimate runs on the event loop, so its
 * cost is bounded: only the first 64 characters are estimated (a longer password is
 * strong when its first 64 characters are), and at most 6 l33t substitutions are
 * tried. Measured at under 20 ms even for 128 characters; without these bounds a
 * long password took up to a second. Levenshtein matching stays off for the same
 * reason (about 0.4 s a call).
 */
export const MIN_SCORE = 3;
const ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonWords, ...englishWords },
    graphs: adjacencyGraphs,
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: 6,
  });
  return estimator;
}

/** What the user's own data gives a guesser: the address, its parts, the names. */
export type PasswordOwner = {
  email: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

/** The owner's data as zxcvbn user inputs: whole, and in its words of 3+ characters. */
export function passwordHints(owner: PasswordOwner): string[] {
  const email = owner.email.toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const wholes = [email, local, domain, owner.username, owner.firstName, owner.lastName];
  const hints = new Set<string>();
  for (const whole of wholes) {
    if (!whole) continue;
    const lowered = whole.toLowerCase();
    hints.add(lowered);
    for (const word of lowered.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) hints.add(word);
  }
  return [...hints];
}

/** zxcvbn's score, 0 to 4, of the password as it is stored (NFKC, as hashPassword). */
export function passwordScore(password: string, hints: string[] = []): number {
  return zxcvbn().check(password.normalize('NFKC'), hints).score;
}

/** True when the password is easy to guess, for anyone or from the owner's data. */
export function isGuessablePassword(password: string, owner?: PasswordOwner): boolean {
  return passwordScore(password, owner ? passwordHints(owner) : []) < MIN_SCORE;
}
