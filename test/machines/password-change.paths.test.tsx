import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { FieldErrors } from '../../machines/field-errors.ts';
import { passwordChangeMachine } from '../../machines/password-change.machine.ts';
import { PasswordChangeView } from '../../src/views/security/password-change.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';

const TITLE = 'Password';
const save = () => screen.getByRole('button', { name: /^(Change password|Saving…)$/ });
const current = () => screen.queryByLabelText(/^Current password/);
const next = () => screen.queryByLabelText(/^New password/);
const invalid = (field: HTMLElement | null) => field?.getAttribute('aria-invalid') === 'true';
const DONE = 'Your password was changed. Every other browser was signed out.';
const GOOD = { current_password: 'Secret-pass-1', password: 'Brand-new-pass-7' };

const form = (snapshot: { context: { serverErrors: Record<string, unknown> } }) => {
  screen.getByRole('heading', { name: TITLE });
  expect(invalid(current())).toBe(snapshot.context.serverErrors['current_password'] !== undefined);
  expect(invalid(next())).toBe(snapshot.context.serverErrors['password'] !== undefined);
};

type Values = typeof GOOD;
/**
 * Section 9 (password rule): the current password is required; the new one has at
 * least 8 characters with a lowercase and an uppercase letter, a digit and a special one.
 */
const validChange = ({ current_password, password }: Values) =>
  current_password !== '' &&
  password.length >= 8 &&
  /[a-z]/.test(password) &&
  /[A-Z]/.test(password) &&
  /\d/.test(password) &&
  /[^A-Za-z0-9]/.test(password);
/** The form (empty again after a change): an edit, or a submit that saves what is valid. */
const formRows = (here: string) => ({
  'field.edit': fieldEdited(here),
  'form.submit': submitted(here, validChange, (values) => ({
    to: 'saving',
    starts: { changePassword: values },
  })),
});

describeMachinePaths(passwordChangeMachine, {
  paths: 18,
  // Decision 0214 (the security page, Password): a valid change saves; the form is empty
  // again for another; a refused current password is shown at its field.
  steps: {
    editing: formRows('editing'),
    changed: formRows('changed'),
    saving: {
      'done: changePassword': ({ context }) => ({
        to: 'changed',
        set: { changes: context.changes + 1 },
      }),
      'error: changePassword': refused('editing'),
    },
  },
  // The count of changes only grows: whether there was one tells states apart.
  serialize: (snapshot) => ({
    value: snapshot.value,
    serverErrors: snapshot.context.serverErrors,
    changed: snapshot.context.changes > 0,
  }),
  events: (snapshot) => [
    { type: 'form.submit', values: GOOD },
    { type: 'form.submit', values: { current_password: 'Secret-pass-1', password: 'short' } },
    // A strong new password without the current one is refused too.
    { type: 'form.submit', values: { ...GOOD, current_password: '' } },
    { type: 'field.edit', field: 'current_password' },
    ...internalEvents(snapshot, {
      changePassword: {
        error: [
          new FieldErrors([
            { field: 'current_password', code: 'wrong_credentials', detail: 'Wrong' },
          ]),
        ],
      },
    }),
  ],
  states: {
    editing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    saving: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    changed: (snapshot) => {
      expect(snapshot.context.changes).toBeGreaterThan(0);
      expect(snapshot.context.serverErrors).toEqual({});
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <PasswordChangeView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        form(snapshot);
        expect(save().textContent).toBe('Change password');
        expect(screen.queryByText(DONE)).toBeNull();
        expect(screen.queryByText('The password is incorrect') !== null).toBe(
          snapshot.context.serverErrors['current_password'] !== undefined,
        );
      },
      saving: (snapshot) => {
        form(snapshot);
        expect(save().textContent).toContain('Saving…');
        expect(save()).toHaveProperty('disabled', true);
      },
      changed: (snapshot) => {
        form(snapshot);
        expect(screen.getByRole('status').textContent).toBe(DONE);
        // A new, empty form for another change.
        expect((current() as HTMLInputElement).value).toBe('');
      },
    },
  },
});
