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

// What a view test waits for (findBy…, waitFor) comes as soon as it is there, but on a
// busy machine (CI keeps every core busy) later than Testing Library's default second.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

// jsdom measures no layout and has no ResizeObserver; a shown popup (a tooltip drawn
// open) asks for one a frame later to follow its trigger's size. Nothing is measured in
// jsdom, so an observer that never calls back is the truth there.
if (typeof window !== 'undefined' && typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
