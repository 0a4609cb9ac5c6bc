import { expect } from 'vitest';

/**
 * What a log line or an error report must never carry: fails on the first of `secrets`
 * found in `text` (the lines or events written out as one text), naming it.
 */
export function expectNoneOf(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) expect(text).not.toContain(secret);
}
