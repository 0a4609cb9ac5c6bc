import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AccountEmail } from '../../contract/identity.ts';
import { emailUndoMachine, UndoRefused } from '../../machines/email-undo.machine.ts';
import { EmailUndoView } from '../../src/views/email/email-undo.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';

const undo = () => screen.getByRole('button', { name: /^(Undo the email change|Undoing…)$/ });
const QUESTION =
  /Put the old address back\? Every browser signed in to the profile will be signed out\./;
const FAILED = "Couldn't undo the change. Please try again.";
const REFUSALS = {
  token_used: 'This link has been used already: the old email was put back then.',
  token_superseded:
    'An earlier email change of this profile was undone, so this link no longer applies.',
  token_expired:
    'This link has expired: it worked for 7 days after the change. Please contact support.',
} as const;

describeMachinePaths(emailUndoMachine, {
  paths: 5,
  // Decision 0217 (undo link): opening the link asks; Undo puts the old address back and
  // signs every browser out; a used, superseded or expired link is refused and says so;
  // another failure asks again.
  steps: {
    asking: { 'undo.confirm': { to: 'undoing', starts: { undoEmailChange: undefined } } },
    failed: { 'undo.confirm': { to: 'undoing', starts: { undoEmailChange: undefined } } },
    undoing: {
      'done: undoEmailChange': (_, event) => {
        const restored: AccountEmail = outputOf(event);
        return { to: 'undone', set: { email: restored.email } };
      },
      'error: undoEmailChange': (_, event) => {
        const error = errorOf(event) as unknown;
        return error instanceof UndoRefused
          ? { to: 'refused', set: { refusal: error.code } }
          : { to: 'failed', set: { refusal: null } };
      },
    },
  },
  events: (snapshot) => [
    { type: 'undo.confirm' },
    ...internalEvents(snapshot, {
      undoEmailChange: {
        output: [{ email: 'ann@example.com' }],
        error: [
          new UndoRefused('token_used'),
          new UndoRefused('token_superseded'),
          new UndoRefused('token_expired'),
          new Error('network down'),
        ],
      },
    }),
  ],
  states: {
    asking: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    undoing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'undo.confirm' })).toBe(false);
    },
    undone: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.email).toBe('ann@example.com');
    },
    refused: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.refusal).not.toBeNull();
    },
    failed: (snapshot) => expect(snapshot.can({ type: 'undo.confirm' })).toBe(true),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <EmailUndoView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      asking: () => {
        screen.getByText(QUESTION);
        expect(undo().textContent).toBe('Undo the email change');
        expect(screen.queryByText(FAILED)).toBeNull();
      },
      failed: () => {
        screen.getByText(QUESTION);
        screen.getByText(FAILED);
      },
      undoing: () => expect(undo()).toHaveProperty('disabled', true),
      undone: () => {
        expect(screen.getByRole('status').textContent).toMatch(
          /^Done: the email of your profile is ann@example\.com again/,
        );
        expect(screen.queryByRole('button', { name: 'Undo the email change' })).toBeNull();
      },
      refused: (snapshot) => {
        const refusal = snapshot.context.refusal as keyof typeof REFUSALS;
        expect(screen.getByRole('alert').textContent).toBe(REFUSALS[refusal]);
        expect(screen.queryByRole('button', { name: 'Undo the email change' })).toBeNull();
      },
    },
  },
});
