import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { socialAccountsMachine } from '../../machines/social-accounts.machine.ts';
import { SocialAccountsView } from '../../src/views/profile/social-accounts.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents } from './path-harness.ts';
import { listLoad } from './load-paths.ts';
import { githubLink, yandexLink } from '../fixtures/security.ts';

const yandex = yandexLink;
const github = githubLink;

const REFUSED = 'This is your only way to sign in. Link another account or set a password first.';
const LOAD_FAILED = "Couldn't load your social accounts.";
const names = { yandex: 'Yandex', google: 'Google', github: 'GitHub' } as const;
const unlink = (name: string) =>
  screen.getByRole('button', { name: `Unlink ${name}` }) as HTMLButtonElement;
const title = () => screen.getByRole('heading', { level: 2, name: 'Social accounts' });
const rowOf = {
  yandex: 'Yandexdemo@yandex.ru · linked November 1, 2026',
  github: 'GitHubdemo@example.com · linked November 2, 2026',
};
/** The linked accounts listed with their address and date; the others offered to link. */
const listed = (snapshot: SnapshotFrom<typeof socialAccountsMachine>) => {
  const linked = snapshot.context.accounts.map((a) => a.provider);
  const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
  expect(rows).toEqual(linked.map((p) => `${rowOf[p as keyof typeof rowOf]}Unlink`));
  screen.getByText('Link another account:');
  const offered = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
  expect(offered).toEqual(
    (['yandex', 'google', 'github'] as const)
      .filter((p) => !linked.includes(p))
      .map((p) => `/start/${p}`),
  );
  return linked;
};
/** The linked accounts load, with Try again when they could not be. */
const loaded = listLoad({
  load: 'loadAccounts',
  field: 'accounts',
  retry: 'accounts.retry',
  heading: title,
  failed: LOAD_FAILED,
});

describeMachinePaths(socialAccountsMachine, {
  paths: 5,
  // Decision 0034: the accounts the page brought are listed at once, without a load.
  starts: { 'the page brought them': { input: { accounts: [github] }, at: 'ready' } },
  // Section 2 (Profile, social accounts) and decision 0214: the linked accounts load;
  // Unlink removes one; the server's refusal (the last way to sign in) is said next to
  // the provider it refused, which stays listed.
  steps: {
    ...loaded.steps,
    ready: {
      'account.unlink': (_, event) => {
        const { provider } = event as { provider: 'github' };
        return {
          to: 'unlinking',
          set: { provider, error: null },
          starts: { unlinkAccount: provider },
        };
      },
    },
    unlinking: {
      'done: unlinkAccount': ({ context }) => ({
        to: 'ready',
        set: {
          accounts: context.accounts.filter((a) => a.provider !== context.provider),
          provider: null,
        },
      }),
      'error: unlinkAccount': (_, event) => ({
        to: 'ready',
        set: { error: errorOf(event).code ?? null },
      }),
    },
  },
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
      loaded.states.loading(snapshot);
      expect(snapshot.can({ type: 'account.unlink', provider: 'github' })).toBe(false);
    },
    loadFailed: (snapshot) => {
      // Nothing listed, nothing to unlink: only a retry.
      loaded.states.loadFailed(snapshot);
      expect(snapshot.can({ type: 'account.unlink', provider: 'github' })).toBe(false);
    },
    unlinking: (snapshot) => expect(snapshot.context.provider).toBe('github'),
    ready: (snapshot) =>
      expect(
        snapshot.context.error === null || snapshot.context.error === 'last_sign_in_method',
      ).toBe(true),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <SocialAccountsView snapshot={snapshot} send={() => {}} linkHref={(p) => `/start/${p}`} />
      </Providers>
    ),
    states: {
      ...loaded.views,
      ready: (snapshot) => {
        title();
        // Each may be unlinked; the server's refusal of the last one is said under them.
        for (const provider of listed(snapshot)) {
          expect(unlink(names[provider]).disabled).toBe(false);
          expect(unlink(names[provider]).hasAttribute('data-loading')).toBe(false);
        }
        const refused = screen.queryByText(REFUSED);
        expect(refused !== null).toBe(snapshot.context.error !== null);
      },
      unlinking: (snapshot) => {
        title();
        // The one being unlinked waits; no other unlink is taken meanwhile.
        for (const provider of listed(snapshot)) {
          const waits = provider === snapshot.context.provider;
          expect(unlink(names[provider]).disabled).toBe(true);
          expect(unlink(names[provider]).hasAttribute('data-loading')).toBe(waits);
        }
        expect(screen.queryByText(REFUSED)).toBeNull();
      },
    },
  },
});
