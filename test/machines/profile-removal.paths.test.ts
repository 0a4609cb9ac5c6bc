import { expect } from 'vitest';
import { profileRemovalMachine } from '../../machines/profile-removal.machine.ts';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

describeMachinePaths(confirmMachine, {
  paths: 2,
  events: () => [{ type: 'confirm.ask' }, { type: 'confirm.cancel' }, { type: 'confirm.accept' }],
  states: {
    closed: (snapshot) => {
      // Nothing asked yet: only a question opens it; an answer without one does nothing.
      expect(snapshot.can({ type: 'confirm.ask' })).toBe(true);
      expect(snapshot.can({ type: 'confirm.accept' })).toBe(false);
    },
    asking: (snapshot) => {
      expect(snapshot.can({ type: 'confirm.accept' })).toBe(true);
      expect(snapshot.can({ type: 'confirm.cancel' })).toBe(true);
      expect(snapshot.can({ type: 'confirm.ask' })).toBe(false);
    },
    confirmed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
});

describeMachinePaths(profileRemovalMachine, {
  paths: 2,
  events: (snapshot) => [{ type: 'removal.retry' }, ...internalEvents(snapshot)],
  states: {
    removing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    failed: (snapshot) => {
      // The removal failed: still active, not busy, and it may be retried.
      expect(snapshot.status).toBe('active');
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'removal.retry' })).toBe(true);
    },
    removed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
});
