import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { outputOf, type StepTable } from './path-harness.ts';

/* What the path tests of sections that load a list on their own share (the security
   page's sessions, passkeys and log, the social accounts, the payment history): the list
   loads into one context field and the section is ready, or it could not be loaded and
   offers Try again. */

export interface ListLoad {
  /** The effect that reads the list. */
  load: string;
  /** The context field the list is kept in. */
  field: string;
  /** The event that tries again. */
  retry: string;
  /** Finds the section's heading (and fails without it). */
  heading: () => void;
  /** What the section says when the list could not be loaded. */
  failed: string;
  /** The state a loaded list rests in: `ready`, or `ready.current` where it refreshes. */
  ready?: string;
  /** Where a change elsewhere reads the list again: the event, which starts a first load over. */
  refresh?: string;
}

/**
 * The step rows, the per-state checks and the view checks of such a load: `load`'s
 * answer kept in `field` and `ready`; its failure `loadFailed`, where `retry` starts
 * `load` again (without input). `loading` is busy and `loadFailed` not; neither lists
 * anything. The view says Loading, or else `failed` with Try again, under the heading.
 * Where the list is read again after changes, `refresh` during `loading` starts `load`
 * over.
 */
export function listLoad({
  load,
  field,
  retry,
  heading,
  failed,
  ready = 'ready',
  refresh,
}: ListLoad) {
  const steps: StepTable = {
    loading: {
      [`done: ${load}`]: (_, event) => ({ to: ready, set: { [field]: outputOf(event) } }),
      [`error: ${load}`]: { to: 'loadFailed' },
      ...(refresh ? { [refresh]: { to: 'loading', starts: { [load]: undefined } } } : {}),
    },
    loadFailed: { [retry]: { to: 'loading', starts: { [load]: undefined } } },
  };
  const states = {
    loading: (snapshot: AnyMachineSnapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context[field]).toEqual([]);
      if (refresh) expect(snapshot.can({ type: refresh })).toBe(true);
    },
    loadFailed: (snapshot: AnyMachineSnapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context[field]).toEqual([]);
      expect(snapshot.can({ type: retry })).toBe(true);
    },
  };
  const views = {
    loading: () => {
      heading();
      expect(screen.getByRole('status').textContent).toBe('Loading');
      expect(screen.queryAllByRole('listitem')).toEqual([]);
      expect(screen.queryByText(failed)).toBeNull();
    },
    loadFailed: () => {
      heading();
      screen.getByText(failed);
      const again = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
      expect(again.disabled).toBe(false);
      expect(screen.queryAllByRole('listitem')).toEqual([]);
      expect(screen.queryByRole('status')).toBeNull();
    },
  };
  return { steps, states, views };
}

export interface ListRefresh extends Omit<ListLoad, 'ready'> {
  /** The event a change elsewhere on the page sends. */
  refresh: string;
  /** What the section says when the list could not be read again. */
  refreshFailed: string;
}

/** The elements marked busy (`aria-busy="true"`). */
const busyMarked = () => [...document.querySelectorAll('[aria-busy="true"]')];

/**
 * The step rows, the per-state checks and the view checks of reading such a list again
 * after a change elsewhere, the last one still shown: `refresh` from `ready.current` or
 * `ready.refreshFailed` starts `load` in `refreshing` (busy), and `refresh` there starts
 * it over; its answer is kept and `ready.current`, its failure `ready.refreshFailed`,
 * where `retry` reads again. The view never says Loading: while refreshing the list is
 * marked busy; after a failed refresh it is not, and `refreshFailed` is said with Try
 * again. The machine's own checks say what the list shows.
 */
export function listRefresh({ load, field, retry, refresh, heading, refreshFailed }: ListRefresh) {
  const reading = { to: 'refreshing', starts: { [load]: undefined } };
  const steps: StepTable = {
    'ready.current': { [refresh]: reading },
    'ready.refreshFailed': { [refresh]: reading, [retry]: reading },
    refreshing: {
      [`done: ${load}`]: (_, event) => ({
        to: 'ready.current',
        set: { [field]: outputOf(event) },
      }),
      [`error: ${load}`]: { to: 'ready.refreshFailed' },
      [refresh]: reading,
    },
  };
  const states = {
    refreshing: (snapshot: AnyMachineSnapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: retry })).toBe(false);
    },
    'ready.current': (snapshot: AnyMachineSnapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: retry })).toBe(false);
      expect(snapshot.can({ type: refresh })).toBe(true);
    },
    'ready.refreshFailed': (snapshot: AnyMachineSnapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: retry })).toBe(true);
      expect(snapshot.can({ type: refresh })).toBe(true);
    },
  };
  const shown = () => {
    heading();
    expect(screen.queryByRole('status')).toBeNull();
  };
  const views = {
    refreshing: () => {
      shown();
      expect(busyMarked()).toHaveLength(1);
      expect(screen.queryByText(refreshFailed)).toBeNull();
    },
    'ready.current': () => {
      shown();
      expect(busyMarked()).toEqual([]);
      expect(screen.queryByText(refreshFailed)).toBeNull();
    },
    'ready.refreshFailed': () => {
      shown();
      expect(busyMarked()).toEqual([]);
      screen.getByText(refreshFailed);
      const again = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
      expect(again.disabled).toBe(false);
    },
  };
  return { steps, states, views };
}
