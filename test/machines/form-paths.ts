import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';

/* What the path tests of the sign-in and sign-up forms share: machines that submit once
   and show the server's refusals at their fields. */

/** What tells such a form's states apart besides their value: the fields refused. */
export const refusedFields = (snapshot: AnyMachineSnapshot) =>
  Object.keys(snapshot.context.serverErrors as object).sort();

/**
 * The per-state checks of such a form: editing is not busy; submitting is, and has
 * cleared the server's old refusals; the final state `done` ends the machine with `output`.
 */
export const submitOnceStates = (done: string, output: unknown) => ({
  editing: (snapshot: AnyMachineSnapshot) => expect(snapshot.hasTag('busy')).toBe(false),
  submitting: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.context.serverErrors).toEqual({});
  },
  [done]: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(output);
  },
});
