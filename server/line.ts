import { Refused } from './errors.ts';

/**
 * At most `running` pieces of work at a time, and a short line of `waiting` behind
 * them; work beyond that answers 503 with Retry-After at once, instead of piling up
 * where it costs memory and time (docs/decisions/0021). A waiting piece costs nothing
 * but its promise.
 */
export function createLine(running: number, waiting: number) {
  let busy = 0;
  const line: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (busy >= running) {
      if (line.length >= waiting) {
        throw new Refused({
          kind: 'unavailable',
          code: 'server_busy',
          detail: 'The server is busy. Try again in a moment.',
          retryAfter: 1,
        });
      }
      await new Promise<void>((resolve) => line.push(resolve));
    } else busy += 1;
    try {
      return await work();
    } finally {
      const next = line.shift();
      // The slot passes to the next in line; only with nobody waiting is it freed.
      if (next) next();
      else busy -= 1;
    }
  };
}
