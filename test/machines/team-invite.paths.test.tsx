import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Invitation } from '../../contract/teams.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { teamInviteMachine, type TeamInviteEvent } from '../../machines/team-invite.machine.ts';
import { TeamInviteView, timeOf } from '../../src/views/teams/team-invite.view.tsx';
import {
  describeMachinePaths,
  errorOf,
  internalEvents,
  outputOf,
  type StepTable,
} from './path-harness.ts';
import { englishView, loadingView } from './path-view.tsx';
import { teamInvitation } from '../fixtures/teams.ts';

const invitation = teamInvitation;
const kate = invitation('inv-1', 'kate@example.com');
const old = invitation('inv-2', 'old@example.com', true);
const invited = invitation('inv-3', 'new@example.com');
const resent = {
  ...kate,
  sent_at: '2026-11-27T10:05:00.000Z',
  resend_at: '2026-11-27T10:06:00.000Z',
};
const refusal = (code: string) => Object.assign(new Error(code), { code });
const alreadyMember = new FieldErrors([
  { field: 'email', code: 'already_member', detail: 'This address belongs to a user' },
]);
const teamFull = new FieldErrors([{ field: 'team', code: 'team_full', detail: 'Full' }]);

type Snapshot = SnapshotFrom<typeof teamInviteMachine>;
type Rows = StepTable<Snapshot, TeamInviteEvent>[string];

/** Section 5's e-mail rule, as the owner types it. */
const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** The form and the rows, the same in every state the list is shown in. */
const readyRows: Rows = {
  'invite.email': ({ context }, event) => ({
    to: 'ready',
    set: {
      email: (event as { email: string }).email,
      emailProblem: null,
      serverErrors: Object.fromEntries(
        Object.entries(context.serverErrors).filter(([field]) => field === 'locale'),
      ),
      notice: null,
    },
  }),
  'invite.locale': ({ context }, event) => ({
    to: 'ready',
    set: {
      locale: (event as { locale: 'en' | 'ru' }).locale,
      serverErrors: Object.fromEntries(
        Object.entries(context.serverErrors).filter(([field]) => field !== 'locale'),
      ),
    },
  }),
  'invite.submit': ({ context }) => {
    const email = context.email.trim();
    if (email === '') return { to: 'ready', set: { emailProblem: 'required', notice: null } };
    if (!isEmail(email)) return { to: 'ready', set: { emailProblem: 'email', notice: null } };
    if (context.invitations.some((one) => one.email === email.toLowerCase())) {
      return { to: 'ready', set: { emailProblem: 'already_invited', notice: null } };
    }
    return {
      to: 'inviting',
      set: { emailProblem: null, serverErrors: {}, notice: null, rowProblem: null },
      starts: { invite: { email, locale: context.locale } },
    };
  },
  'invitation.revoke': (_, event) => {
    const id = (event as { id: string }).id;
    return {
      to: 'revoking',
      set: { working: id, rowProblem: null, notice: null },
      starts: { revokeInvitation: { id } },
    };
  },
  'invitation.resend': (_, event) => {
    const id = (event as { id: string }).id;
    return {
      to: 'resending',
      set: { working: id, rowProblem: null, notice: null },
      starts: { resendInvitation: { id } },
    };
  },
};

const without = (list: Invitation[], id: string | null) => list.filter((one) => one.id !== id);

/**
 * A revoke or resend that failed: an invitation already gone leaves the list without a
 * word; any other failure is said at its row.
 */
const rowFailed: Rows[string] = ({ context }, event) =>
  errorOf(event).code === 'not_found'
    ? {
        to: 'ready',
        set: { invitations: without(context.invitations, context.working), working: null },
      }
    : {
        to: 'ready',
        set: {
          rowProblem: { id: context.working ?? '', code: errorOf(event).code ?? 'system' },
          working: null,
        },
      };

describeMachinePaths(teamInviteMachine, {
  paths: 280,
  input: { locale: 'en' },
  // Decision 0034: the invitations the page brought are listed at once.
  starts: {
    'the page brought them': { input: { locale: 'en', invitations: [kate] }, at: 'ready' },
  },
  // Decision 0602: the owner invites an address (our rules first, then the server's
  // refusals at the field or of the whole team), revokes or resends one row at a time,
  // and a row that ended meanwhile leaves the list.
  steps: {
    loading: {
      'done: fetchInvitations': (_, event) => ({
        to: 'ready',
        set: { invitations: outputOf(event) },
      }),
      'error: fetchInvitations': { to: 'unavailable' },
    },
    unavailable: {
      'invitations.retry': { to: 'loading', starts: { fetchInvitations: undefined } },
    },
    ready: readyRows,
    inviting: {
      'done: invite': ({ context }, event) => {
        const added: Invitation = outputOf(event);
        return {
          to: 'ready',
          set: {
            invitations: [...without(context.invitations, added.id), added],
            email: '',
            notice: { kind: 'invited' as const, email: added.email },
          },
        };
      },
      'error: invite': (_, event) => {
        const error = (event as unknown as { error: unknown }).error;
        if (error instanceof FieldErrors) {
          return {
            to: 'ready',
            set: { serverErrors: Object.fromEntries(error.errors.map((e) => [e.field, e])) },
          };
        }
        return { to: 'ready' };
      },
    },
    revoking: {
      'done: revokeInvitation': ({ context }) => ({
        to: 'ready',
        set: { invitations: without(context.invitations, context.working), working: null },
      }),
      'error: revokeInvitation': rowFailed,
    },
    resending: {
      'done: resendInvitation': ({ context }, event) => {
        const sent: Invitation = outputOf(event);
        return {
          to: 'ready',
          set: {
            invitations: context.invitations.map((one) => (one.id === sent.id ? sent : one)),
            working: null,
            notice: { kind: 'resent' as const, email: sent.email },
          },
        };
      },
      'error: resendInvitation': rowFailed,
    },
  },
  events: (snapshot) => [
    // Section 5's rule on the whole address as typed: the spaces around and the capitals
    // are the owner's, not the address's; two addresses with a space between are none.
    { type: 'invite.email', email: 'old@example.com new@example.com' },
    { type: 'invite.email', email: ' KATE@example.com ' },
    { type: 'invite.email', email: ' new@example.com ' },
    // Spaces alone are no address at all: the field is required.
    { type: 'invite.email', email: '   ' },
    { type: 'invite.locale', locale: 'ru' },
    { type: 'invite.submit' },
    { type: 'invitation.revoke', id: 'inv-1' },
    { type: 'invitation.resend', id: 'inv-1' },
    { type: 'invitations.retry' },
    ...internalEvents(snapshot, {
      fetchInvitations: { output: [[kate, old]] },
      invite: { output: [invited], error: [alreadyMember, teamFull, new Error('offline')] },
      revokeInvitation: { error: [refusal('not_found'), refusal('system')] },
      resendInvitation: {
        output: [resent],
        error: [refusal('resend_too_early'), refusal('too_many_requests'), refusal('not_found')],
      },
    }),
  ],
  // What a guard reads tells states apart: the typed address and the rows listed; and
  // whether the page says something (a refusal, a notice, a row's problem), which the
  // next invitation clears. Which message is said is checked in every state.
  serialize: ({ context }) => ({
    email: context.email,
    rows: context.invitations.map((one) => one.id),
    saying:
      Object.keys(context.serverErrors).length > 0 ||
      context.notice !== null ||
      context.rowProblem !== null,
  }),
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'invite.submit' })).toBe(false);
      // The page opens with an empty form in the page's language, nothing listed or said.
      expect(snapshot.context).toEqual({
        invitations: [],
        email: '',
        locale: 'en',
        emailProblem: null,
        serverErrors: {},
        working: null,
        rowProblem: null,
        notice: null,
      });
    },
    unavailable: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'invitations.retry' })).toBe(true);
    },
    ready: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.working).toBeNull();
      // Only listed rows can be acted on.
      expect(snapshot.can({ type: 'invitation.resend', id: 'inv-9' })).toBe(false);
    },
    inviting: (snapshot) => {
      expect(snapshot.hasTag('inviting')).toBe(true);
      expect(snapshot.can({ type: 'invitation.revoke', id: 'inv-1' })).toBe(false);
    },
    // One row at a time: the others wait, and so does the form.
    revoking: (snapshot) => {
      expect(snapshot.context.working).toBe('inv-1');
      expect(snapshot.can({ type: 'invite.submit' })).toBe(false);
    },
    resending: (snapshot) => {
      expect(snapshot.context.working).toBe('inv-1');
      expect(snapshot.can({ type: 'invitation.revoke', id: 'inv-1' })).toBe(false);
    },
  },
  view: {
    render: englishView(TeamInviteView),
    states: {
      loading: loadingView('Loading invitations…', 'button'),
      unavailable: () => {
        screen.getByText("Couldn't load the invitations. Please try again.");
        screen.getByRole('button', { name: 'Try again' });
      },
      ready: (snapshot) => {
        rowsShown(snapshot);
        expect(invite()).toHaveProperty('disabled', false);
        // An e-mail field keeps the address without the spaces typed around it.
        expect(screen.getByLabelText('E-mail address')).toHaveProperty(
          'value',
          snapshot.context.email.trim(),
        );
        expect(screen.getByLabelText('Language of the mail')).toHaveProperty(
          'value',
          snapshot.context.locale,
        );
        const { emailProblem, serverErrors, notice, rowProblem } = snapshot.context;
        const fieldMessage =
          emailProblem === 'required'
            ? 'This field is required'
            : emailProblem === 'email'
              ? 'Please enter a valid email address'
              : emailProblem === 'already_invited'
                ? 'This address has a pending invitation already'
                : serverErrors['email']
                  ? 'This address belongs to a user of the team already'
                  : null;
        if (fieldMessage) screen.getByText(fieldMessage);
        expect(
          screen.queryByText(
            'Every seat of the team is taken by its users and pending invitations',
          ) !== null,
        ).toBe(serverErrors['team'] !== undefined);
        const status = notice
          ? notice.kind === 'invited'
            ? `Invitation sent to ${notice.email}.`
            : `Invitation sent again to ${notice.email}.`
          : '';
        expect(screen.getAllByRole('status').some((s) => s.textContent === status)).toBe(true);
        if (rowProblem) {
          const row = rowOf(rowProblem.id);
          const text =
            rowProblem.code === 'resend_too_early'
              ? `It can be sent again from ${timeOf(kate.resend_at, 'en')}.`
              : rowProblem.code === 'too_many_requests'
                ? 'Sent too often. Try again in an hour.'
                : "Couldn't do it. Please try again.";
          expect(within(row).getByRole('alert').textContent).toBe(text);
        }
      },
      inviting: (snapshot) => {
        rowsShown(snapshot);
        expect(screen.getByRole('button', { name: /^(Invite|Sending…)$/ })).toHaveProperty(
          'disabled',
          true,
        );
        // Every row waits for the invitation.
        for (const button of screen.queryAllByRole('button', { name: /^(Resend|Revoke) / })) {
          expect(button).toHaveProperty('disabled', true);
        }
      },
      revoking: (snapshot) => {
        rowsShown(snapshot);
        expect(revoke('kate@example.com').getAttribute('data-loading')).not.toBeNull();
        expect(resend('kate@example.com').getAttribute('data-loading')).toBeNull();
        expect(resend('kate@example.com')).toHaveProperty('disabled', true);
        expect(invite()).toHaveProperty('disabled', true);
      },
      resending: (snapshot) => {
        rowsShown(snapshot);
        expect(resend('kate@example.com').getAttribute('data-loading')).not.toBeNull();
        expect(revoke('kate@example.com')).toHaveProperty('disabled', true);
        expect(invite()).toHaveProperty('disabled', true);
      },
    },
  },
});

function invite() {
  return screen.getByRole('button', { name: 'Invite' });
}
function resend(email: string) {
  return screen.getByRole('button', { name: `Resend the invitation to ${email}` });
}
function revoke(email: string) {
  return screen.getByRole('button', { name: `Revoke the invitation to ${email}` });
}
function rowOf(id: string) {
  const email = id === 'inv-1' ? 'kate@example.com' : id === 'inv-2' ? 'old@example.com' : '';
  const row = screen
    .getAllByTestId('invitation-row')
    .find((one) => one.textContent?.includes(email));
  if (!row) throw new Error(`no row of ${id}`);
  return row;
}

/** Every pending invitation is a row marked Pending or Expired, with Resend and Revoke. */
function rowsShown(snapshot: Snapshot) {
  const rows = screen.queryAllByTestId('invitation-row');
  expect(rows).toHaveLength(snapshot.context.invitations.length);
  snapshot.context.invitations.forEach((one, i) => {
    const row = rows[i];
    if (!row) throw new Error('row missing');
    within(row).getByText(one.email);
    within(row).getByText(one.expired ? 'Expired' : 'Pending');
    expect(within(row).getByText(/^The link (works until|expired on)/).textContent).toBe(
      one.expired
        ? 'The link expired on December 4, 2026.'
        : `The link works until December 4, 2026. It can be sent again from ${timeOf(one.resend_at, 'en')}.`,
    );
    within(row).getByRole('button', { name: `Resend the invitation to ${one.email}` });
    within(row).getByRole('button', { name: `Revoke the invitation to ${one.email}` });
  });
}
