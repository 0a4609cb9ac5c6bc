import { afterEach } from 'vitest';

// A warning in a test is a bug in the test or the code: fail on console.error.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  if (errors.length > 0) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error was called: ${String(first?.[0])}`);
  }
});
