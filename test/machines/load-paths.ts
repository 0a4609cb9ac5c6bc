import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { outputOf, type StepTable } from './path-harness.ts';

/* What the path tests of sections that load a list on their own share (the security
   page's sessions, passkeys and log, the social accounts, the payment history): the list
   loads into one context field and the section is ready, or it could not be loaded and
   offers Try again. */

/**
 * The step rows of such a load: `load`'s answer kept in `field` and `ready`; its failure
 * `loadFailed`, where `retry` starts `load` again (without input).
 */
export const loadSteps = (load: string, field: string, retry: string): StepTable => ({
  loading: {
    [`done: ${load}`]: (_, event) => ({ to: 'ready', set: { [field]: outputOf(event) } }),
    [`error: ${load}`]: { to: 'loadFailed' },
  },
  loadFailed: { [retry]: { to: 'loading', starts: { [load]: undefined } } },
});

/**
 * The per-state checks of such a load: `loading` is busy and lists nothing yet;
 * `loadFailed` is not busy, lists nothing and takes `retry`.
 */
export const loadStates = (field: string, retry: string) => ({
  loading: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.context[field]).toEqual([]);
  },
  loadFailed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context[field]).toEqual([]);
    expect(snapshot.can({ type: retry })).toBe(true);
  },
});
