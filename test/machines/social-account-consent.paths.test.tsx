import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { loginMachine } from '../../machines/login.machine.ts';
import {
  ConsentRefused,
  socialAccountConsentMachine,
} from '../../machines/social-account-consent.machine.ts';
import { LoginView } from '../../src/views/login/login.view.tsx';
import { SocialAccountConsentView } from '../../src/views/login/social-account-consent.view.tsx';
import { SocialSignInError } from '../../src/views/login/social-buttons.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';

const failures: Record<string, string> = {
  token_expired:
    'The sign-in with the provider took too long or was started in another browser. Please try again.',
  system: 'Something went wrong. Try again later.',
};
const button = (scope: ReturnType<typeof within>, name: string) =>
  scope.getByRole('button', { name }) as HTMLButtonElement;
/** The terms dialog over the sign-in page, for the provider's profile new here. */
const dialog = () => {
  const open = within(screen.getByRole('alertdialog', { name: 'Sign up with GitHub' }));
  open.getByText('No account here uses this GitHub profile yet.');
  expect(open.getByText(/To create an account with/).textContent).toBe(
    'To create an account with GitHub, please agree to the terms of service and the privacy policy.',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  return open;
};
/** Agreed: Agree waits while the account is made (and signed in); Disagree is not taken. */
const agreeWaits = () => {
  const open = dialog();
  expect(button(open, 'Agree').disabled).toBe(true);
  expect(button(open, 'Agree').hasAttribute('data-loading')).toBe(true);
  expect(button(open, 'Disagree').disabled).toBe(true);
  expect(button(open, 'Disagree').hasAttribute('data-loading')).toBe(false);
};
/** Decided without an account: the dialog is gone, the sign-in page is there. */
const signInPage = () => {
  expect(screen.queryByRole('alertdialog')).toBeNull();
  screen.getByRole('heading', { name: 'Sign in' });
};

describeMachinePaths(socialAccountConsentMachine, {
  paths: 5,
  input: { provider: 'github' },
  // Section 2 (Login, social sign-up): a new identity agrees to the terms and is signed
  // in, going on to next; disagreeing drops it either way; a refusal says its code (an
  // error without one is the system error).
  steps: {
    asking: {
      'consent.agree': { to: 'creating', starts: { acceptConsent: undefined } },
      'consent.disagree': { to: 'declining', starts: { declineConsent: undefined } },
    },
    creating: {
      'done: acceptConsent': (_, event) => ({
        to: 'signedIn',
        set: { next: outputOf<{ next: string }>(event).next },
      }),
      'error: acceptConsent': (_, event) => {
        const error = errorOf(event) as unknown;
        return {
          to: 'failed',
          set: { error: error instanceof ConsentRefused ? error.code : 'system' },
        };
      },
    },
    declining: {
      'done: declineConsent': { to: 'declined' },
      'error: declineConsent': { to: 'declined' },
    },
  },
  events: (snapshot) => [
    { type: 'consent.agree' },
    { type: 'consent.disagree' },
    ...internalEvents(snapshot, {
      acceptConsent: {
        output: [{ next: '/en/software' }],
        error: [new ConsentRefused('token_expired'), new Error('network down')],
      },
    }),
  ],
  serialize: (snapshot) => ({ next: snapshot.context.next, error: snapshot.context.error }),
  states: {
    asking: (snapshot) => {
      expect(snapshot.context.provider).toBe('github');
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    creating: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    declining: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    signedIn: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ outcome: 'signedIn', next: '/en/software' });
    },
    declined: (snapshot) => expect(snapshot.output).toEqual({ outcome: 'declined' }),
    failed: (snapshot) => {
      // The server's code, or 'system' when there was no answer.
      expect(['token_expired', 'system']).toContain(snapshot.context.error);
      expect(snapshot.output).toEqual({ outcome: 'failed', error: snapshot.context.error });
    },
  },
  // As /login/1?consent=github draws it: the sign-in page, the dialog over it, and once
  // it failed, the page's ?error= told above the form (the route's afterConsent).
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        {snapshot.matches('failed') && snapshot.context.error && (
          <SocialSignInError code={snapshot.context.error} />
        )}
        <LoginView
          snapshot={loginMachine.resolveState({
            value: 'editing',
            context: { next: '/en/profile', serverErrors: {}, passkeyError: null },
          })}
          send={() => {}}
        />
        <SocialAccountConsentView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      asking: () => {
        const open = dialog();
        for (const name of ['Agree', 'Disagree']) {
          expect(button(open, name).disabled).toBe(false);
          expect(button(open, name).hasAttribute('data-loading')).toBe(false);
        }
      },
      creating: agreeWaits,
      signedIn: agreeWaits,
      declining: () => {
        const open = dialog();
        expect(button(open, 'Disagree').disabled).toBe(true);
        expect(button(open, 'Disagree').hasAttribute('data-loading')).toBe(true);
        expect(button(open, 'Agree').disabled).toBe(true);
        expect(button(open, 'Agree').hasAttribute('data-loading')).toBe(false);
      },
      declined: () => {
        signInPage();
        expect(screen.queryByRole('alert')).toBeNull();
      },
      failed: (snapshot) => {
        signInPage();
        expect(screen.getByRole('alert').textContent).toBe(failures[snapshot.context.error!]);
      },
    },
  },
});
