import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords } from '@zxcvbn-ts/language-en';

/*
 * A password is refused when zxcvbn-ts estimates it guessable: below score 3, fewer
 * than 10^8 guesses (ASVS 6.2.4, 6.2.9; docs/decisions/0211-password-strength.md). The
 * estimate knows leaked passwords, English words and names, keyboard walks, dates,
 * repeats, l33t spellings, and the user's own address and names (the `hints`).
 *
 * Built on first use (0.15-0.5 s: the dictionaries are ranked once): most processes
 * never take a new password. Each estimate runs on the event loop, so its cost is
 * bounded: a password is estimated by its first 64 characters, and at most 4 l33t
 * substitutions are tried. Measured here: 1-5 ms for a usual password and about 20 ms
 * for 128 characters on a quiet machine, 10-75 ms at a load average of 14 on 2 cores;
 * without the bounds a 128-character password took 0.3-1 s. Levenshtein matching
 * stays off for the same reason (0.3-0.5 s a call).
 */
const MIN_SCORE = 3;
const ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonWords, ...englishWords },
    graphs: adjacencyGraphs,
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: 4,
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

/**
 * The owner's data as zxcvbn user inputs (which it lowercases, as it does the password):
 * whole, and in its words of 3+ characters.
 */
function passwordHints(owner: PasswordOwner): string[] {
  const [local = '', domain = ''] = owner.email.split('@');
  const wholes = [owner.email, local, domain, owner.username, owner.firstName, owner.lastName];
  const hints = new Set<string>();
  for (const whole of wholes) {
    if (!whole) continue;
    hints.add(whole);
    for (const word of whole.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) hints.add(word);
  }
  return [...hints];
}

/**
 * True when the password is easy to guess, for anyone or from the owner's data: zxcvbn's
 * score (0 to 4) of the password as it is stored (NFKC, as hashPassword) is under 3.
 */
export function isGuessablePassword(password: string, owner?: PasswordOwner): boolean {
  const hints = owner ? passwordHints(owner) : [];
  return zxcvbn().check(password.normalize('NFKC'), hints).score < MIN_SCORE;
}
