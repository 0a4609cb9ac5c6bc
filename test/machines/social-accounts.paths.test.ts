import { expect } from 'vitest';
import { socialAccountsMachine } from '../../machines/social-accounts.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const yandex = {
  provider: 'yandex' as const,
  email: 'demo@yandex.ru',
  linked_at: '2026-11-01T00:00:00Z',
};
const github = {
  provider: 'github' as const,
  email: 'demo@example.com',
  linked_at: '2026-11-02T00:00:00Z',
};

describeMachinePaths(socialAccountsMachine, {
  paths: 4,
  events: (snapshot) => [
    { type: 'account.unlink', provider: 'github' },
    { type: 'accounts.retry' },
    ...internalEvents(snapshot, {
      loadAccounts: { output: [[yandex, github]] },
      unlinkAccount: { error: [{ code: 'last_sign_in_method' }] },
    }),
  ],
  serialize: (snapshot) => ({
    accounts: snapshot.context.accounts.map((a) => a.provider),
    error: snapshot.context.error,
  }),
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.accounts).toEqual([]);
      expect(snapshot.can({ type: 'account.unlink', provider: 'github' })).toBe(false);
    },
    loadFailed: (snapshot) => {
      // Nothing listed, nothing to unlink: only a retry.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.accounts).toEqual([]);
      expect(snapshot.can({ type: 'accounts.retry' })).toBe(true);
      expect(snapshot.can({ type: 'account.unlink', provider: 'github' })).toBe(false);
    },
    unlinking: (snapshot) => expect(snapshot.context.provider).toBe('github'),
    ready: (snapshot) =>
      expect(
        snapshot.context.error === null || snapshot.context.error === 'last_sign_in_method',
      ).toBe(true),
  },
});
