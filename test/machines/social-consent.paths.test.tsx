import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { socialConsentMachine } from '../../machines/social-consent.machine.ts';
import { socialProviders } from '../../contract/identity.ts';
import type { SocialProvider } from '../../contract/social-providers.ts';
import { SocialButtons, providerNames } from '../../src/views/login/social-buttons.tsx';
import { SocialConsentView } from '../../src/views/signup/social-consent.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths } from './path-harness.ts';

type Snapshot = SnapshotFrom<typeof socialConsentMachine>;
const button = (scope: ReturnType<typeof within>, name: string) =>
  scope.getByRole('button', { name }) as HTMLButtonElement;
/** The terms dialog for the provider chosen, its links to both documents. */
const dialogFor = (snapshot: Snapshot) => {
  const name = providerNames[snapshot.context.provider!];
  const dialog = within(screen.getByRole('alertdialog', { name: `Sign up with ${name}` }));
  expect(dialog.getByText(/To create an account with/).textContent).toBe(
    `To create an account with ${name}, please agree to the terms of service and the privacy policy.`,
  );
  expect(dialog.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe(
    '/en/terms',
  );
  expect(dialog.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
    '/en/privacy',
  );
  return dialog;
};

describeMachinePaths(socialConsentMachine, {
  paths: 6,
  // Section 2, Signup: a social button first opens a dialog asking to agree to the
  // terms of service and privacy policy; only on agreement does the browser go to the
  // provider, and disagreeing closes it.
  steps: {
    closed: {
      'provider.choose': (_, event) => ({
        to: 'confirming',
        set: { provider: (event as { provider: SocialProvider }).provider },
      }),
    },
    confirming: {
      'consent.agree': { to: 'redirecting' },
      'consent.disagree': { to: 'closed', set: { provider: null } },
    },
  },
  events: () => [
    ...socialProviders.map((provider) => ({ type: 'provider.choose', provider }) as const),
    { type: 'consent.agree' },
    { type: 'consent.disagree' },
  ],
  states: {
    closed: (snapshot) => expect(snapshot.context.provider).toBeNull(),
    confirming: (snapshot) => expect(snapshot.context.provider).not.toBeNull(),
    redirecting: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output?.provider).toBe(snapshot.context.provider);
    },
  },
  // As the sign-up page draws it: the social buttons, and the dialog the machine opens.
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <SocialButtons intent="signup" next="/en/profile" onChoose={() => {}} />
        <SocialConsentView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      closed: () => {
        const buttons = within(
          screen.getByRole('region', { name: 'Sign up with another account' }),
        );
        for (const name of ['Yandex', 'Google', 'GitHub']) {
          expect(button(buttons, name).disabled).toBe(false);
        }
        expect(screen.queryByRole('alertdialog')).toBeNull();
      },
      confirming: (snapshot) => {
        const dialog = dialogFor(snapshot);
        for (const name of ['Agree', 'Disagree']) {
          expect(button(dialog, name).disabled).toBe(false);
          expect(button(dialog, name).hasAttribute('data-loading')).toBe(false);
        }
      },
      // Agreed: the dialog stays while the browser leaves, Agree waiting, Disagree no longer taken.
      redirecting: (snapshot) => {
        const dialog = dialogFor(snapshot);
        expect(button(dialog, 'Agree').disabled).toBe(true);
        expect(button(dialog, 'Agree').hasAttribute('data-loading')).toBe(true);
        expect(button(dialog, 'Disagree').disabled).toBe(true);
      },
    },
  },
});
