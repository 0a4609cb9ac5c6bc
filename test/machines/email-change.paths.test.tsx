import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { AccountEmail, PendingEmailChange } from '../../contract/identity.ts';
import { emailChangeMachine, type EmailChangeEvent } from '../../machines/email-change.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { ResendTooEarly, secondsLeft } from '../../machines/verification.machine.ts';
import { EmailChangeView } from '../../src/views/security/email-change.view.tsx';
import { Providers } from '../render/providers.tsx';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';
import { describeMachinePaths, internalEvents, outputOf, type StepTable } from './path-harness.ts';
import { at, resendRows, startEachAtT0 } from './resend-paths.ts';

startEachAtT0();

const NEW = 'new@example.com';
const pending: PendingEmailChange = {
  email: NEW,
  resend_available_at: at(60_000),
  code_expires_at: at(15 * 60_000),
};
// A new code, sent once the first countdown ended (60 s on): the next may follow 60 s later.
const renewed: PendingEmailChange = { ...pending, resend_available_at: at(120_000) };
const changed: AccountEmail = { email: NEW };

type Snapshot = SnapshotFrom<typeof emailChangeMachine>;
type Rows = StepTable<Snapshot, EmailChangeEvent>[string];

/** Section 5: an address is required and must look like one; the server gets it trimmed. */
const validAddress = ({ email }: { email?: string }) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email?.trim() ?? '');
/** The address form (also after a change): an edit, or a submit that mails a code. */
const addressRows = (here: string): Rows => ({
  'field.edit': fieldEdited(here),
  'form.submit': submitted(here, validAddress, (values: { email?: string }) => ({
    to: 'requesting',
    starts: { startEmailChange: { email: values.email?.trim() } },
  })),
});

const side = (entry: string, resend: string) => `code.entry.${entry} + resend.${resend}`;

/** The code form's steps; `resend` is where the countdown side stands meanwhile. */
const entryRows = (resend: string): Record<string, Rows> => ({
  editing: {
    'field.edit': fieldEdited(side('editing', resend)),
    // Only a 6-digit code is sent, trimmed.
    'form.submit': submitted(
      side('editing', resend),
      ({ code }: { code?: string }) => /^\d{6}$/.test(code?.trim() ?? ''),
      (values: { code?: string }) => ({
        to: side('confirming', resend),
        starts: { confirmEmailChange: { code: values.code?.trim() } },
      }),
    ),
  },
  confirming: {
    // Right: the account has the new address; one more change made here.
    'done: confirmEmailChange': ({ context }, event) => {
      const answer: AccountEmail = outputOf(event);
      return { to: 'changed', set: { changedTo: answer.email, changes: context.changes + 1 } };
    },
    // A wrong (or dead) code is said at its field.
    'error: confirmEmailChange': refused(side('editing', resend)),
  },
});

/** Every pair of the two sides of the code step, each step from its side's rows. */
function codeRows(): StepTable<Snapshot, EmailChangeEvent> {
  const table: StepTable<Snapshot, EmailChangeEvent> = {};
  for (const entry of ['editing', 'confirming']) {
    for (const resend of ['coolingDown.counting', 'ready', 'sending']) {
      const rows = {
        ...entryRows(resend)[entry],
        ...resendRows((state) => side(entry, state), 'resendEmailChangeCode')[resend],
      };
      // Another address, from any step of the code: back to the address form, the code's
      // errors gone.
      table[side(entry, resend)] = {
        ...rows,
        'change.cancel': { to: 'editing', set: { serverErrors: {} } },
      };
    }
  }
  return table;
}

const button = (name: RegExp) => screen.getByRole('button', { name });
const enabled = (element: HTMLElement) => !(element as HTMLButtonElement).disabled;
const DONE = `Your email is now ${NEW}. We sent a notice to the old address with a link to undo the change within 7 days.`;

describeMachinePaths(emailChangeMachine, {
  paths: 306,
  // Issue 34, capability 5 (change e-mail): a code to the new address (the sign-up's code
  // rules: 6 digits, a wrong one at its field, a new one after a countdown); the code
  // changes the address; a notice goes to the old one; another change may follow.
  steps: {
    editing: addressRows('editing'),
    changed: addressRows('changed'),
    requesting: {
      'done: startEmailChange': (_, event) => {
        const sent: PendingEmailChange = outputOf(event);
        return {
          to: side('editing', 'coolingDown.counting'),
          set: {
            email: sent.email,
            resendAt: Date.parse(sent.resend_available_at),
            now: Date.now(),
            resent: false,
          },
        };
      },
      // A taken address (section 8, as sign-up says it) is said at its field.
      'error: startEmailChange': refused('editing'),
    },
    ...codeRows(),
  },
  events: (snapshot) => [
    // The field keeps the spaces typed after the address; the address sent goes without.
    { type: 'form.submit', values: { email: `${NEW} ` } },
    { type: 'form.submit', values: { email: 'not an address' } },
    { type: 'form.submit', values: { code: '123456' } },
    { type: 'form.submit', values: { code: '12' } },
    { type: 'field.edit', field: 'email' },
    { type: 'field.edit', field: 'code' },
    { type: 'code.resend' },
    { type: 'change.cancel' },
    ...internalEvents(snapshot, {
      startEmailChange: {
        output: [pending],
        error: [
          new FieldErrors([{ field: 'email', code: 'user_already_exists', detail: 'Taken' }]),
        ],
      },
      confirmEmailChange: {
        output: [changed],
        error: [
          new FieldErrors([{ field: 'code', code: 'wrong_confirmation_code', detail: 'Wrong' }]),
        ],
      },
      resendEmailChangeCode: {
        output: [renewed],
        error: [new ResendTooEarly(30), new Error('down')],
      },
    }),
  ],
  // The count of changes only grows: whether there was one tells states apart.
  serialize: (snapshot) => ({
    value: snapshot.value,
    email: snapshot.context.email,
    resent: snapshot.context.resent,
    errors: Object.keys(snapshot.context.serverErrors),
    changed: snapshot.context.changes > 0,
  }),
  states: {
    editing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'email')).toBe(true);
    },
    requesting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.serverErrors).toEqual({});
    },
    code: (snapshot) => {
      // The code went to the new address; the countdown runs beside the form.
      expect(snapshot.context.email).toBe(NEW);
      expect(snapshot.context.resendAt).toBeGreaterThan(0);
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'code')).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(
        snapshot.matches({ code: { entry: 'confirming' } }) ||
          snapshot.matches({ code: { resend: 'sending' } }),
      );
    },
    'code.entry': (snapshot) => expect(snapshot.matches({ code: 'resend' })).toBe(true),
    'code.entry.editing': (snapshot) => {
      // The form takes edits and a valid code.
      expect(snapshot.can({ type: 'form.submit', values: { code: '123456' } })).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ code: { resend: 'sending' } }));
    },
    'code.entry.confirming': (snapshot) => {
      // The code is being checked: its earlier refusal is gone.
      expect(snapshot.context.serverErrors).toEqual({});
      expect(snapshot.hasTag('busy')).toBe(true);
    },
    'code.resend': (snapshot) => {
      expect(snapshot.matches({ code: 'entry' })).toBe(true);
      expect(snapshot.context.now).toBeGreaterThan(0);
    },
    'code.resend.coolingDown': (snapshot) => {
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
      expect(snapshot.context.resendAt).toBeGreaterThanOrEqual(snapshot.context.now);
    },
    'code.resend.coolingDown.counting': (snapshot) => {
      // No new code yet and nothing sent: busy only while a code is checked.
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ code: { entry: 'confirming' } }));
    },
    'code.resend.ready': (snapshot) => expect(snapshot.can({ type: 'code.resend' })).toBe(true),
    'code.resend.sending': (snapshot) => expect(snapshot.can({ type: 'code.resend' })).toBe(false),
    changed: (snapshot) => {
      expect(snapshot.context.changedTo).toBe(NEW);
      expect(snapshot.context.changes).toBeGreaterThan(0);
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <EmailChangeView
          snapshot={snapshot}
          send={() => {}}
          currentEmail={snapshot.context.changedTo ?? 'ann@example.com'}
        />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        // The account's address: the old one, or the one a change here made it.
        screen.getByText(`Your email: ${snapshot.context.changedTo ?? 'ann@example.com'}`);
        const field = screen.getByRole('textbox', { name: /New email/ });
        expect(field.getAttribute('aria-invalid') === 'true').toBe(
          snapshot.context.serverErrors['email'] !== undefined,
        );
        expect(screen.queryByText('A profile with this email already exists.') !== null).toBe(
          snapshot.context.serverErrors['email'] !== undefined,
        );
        expect(button(/^Send code$/).textContent).toBe('Send code');
        expect(screen.queryByText(DONE)).toBeNull();
      },
      requesting: () => {
        expect(button(/^(Send code|Sending…)$/).textContent).toContain('Sending…');
        expect(enabled(button(/^(Send code|Sending…)$/))).toBe(false);
      },
      code: (snapshot) => {
        screen.getByText(/We sent a 6-digit code to new@example\.com/);
        const field = screen.getByRole('textbox', { name: /Verification code/ });
        const refused = snapshot.context.serverErrors['code'] !== undefined;
        expect(field.getAttribute('aria-invalid') === 'true').toBe(refused);
        expect(screen.queryByText('Invalid verification code') !== null).toBe(refused);
      },
      'code.entry': () => {
        screen.getByRole('form', { name: 'Confirm your email' });
        expect(screen.queryByRole('textbox', { name: /New email/ })).toBeNull();
      },
      'code.entry.editing': () => expect(enabled(button(/^Confirm$/))).toBe(true),
      'code.entry.confirming': () => {
        expect(button(/^(Confirm|Checking…)$/).textContent).toContain('Checking…');
        expect(enabled(button(/^(Confirm|Checking…)$/))).toBe(false);
        expect(enabled(button(/^Use another address$/))).toBe(false);
      },
      'code.resend': (snapshot) => {
        // After a resend the page says the old code is void; not before.
        const notice = screen.queryByText(/The previous code no longer works/);
        expect(notice !== null).toBe(snapshot.context.resent);
      },
      'code.resend.coolingDown': () => expect(enabled(button(/Request a new code/))).toBe(false),
      'code.resend.coolingDown.counting': (snapshot) =>
        screen.getByText(new RegExp(`in ${secondsLeft(snapshot.context)} seconds?$`)),
      'code.resend.ready': () => {
        expect(enabled(button(/Request a new code/))).toBe(true);
        expect(screen.queryByText(/You can request a new code in/)).toBeNull();
      },
      'code.resend.sending': () => {
        expect(button(/Request a new code|Sending…/).textContent).toContain('Sending…');
      },
      changed: () => {
        expect(screen.getByRole('status').textContent).toBe(DONE);
        screen.getByText(`Your email: ${NEW}`);
        // A new, empty form for another change.
        expect((screen.getByRole('textbox', { name: /New email/ }) as HTMLInputElement).value).toBe(
          '',
        );
      },
    },
  },
});
