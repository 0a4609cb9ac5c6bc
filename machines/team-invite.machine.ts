import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../contract/countries.ts';
import type { Invitation, InvitationRequest } from '../contract/teams.ts';
import { errorCode } from './error-code.ts';
import { fromError, ifError, withError, withOutput } from './event-params.ts';
import { toServerErrors, type ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { givenAtStart, loadState, retryState, startGiven } from './load-parts.ts';

/** Section 5's e-mail rule, as the sign-up form checks it. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the e-mail field refuses before asking the server; the view owns the words. */
export type InviteEmailProblem = 'required' | 'email' | 'already_invited';

/** What went wrong with one row's Revoke or Resend; the view owns the words. */
export interface RowProblem {
  id: string;
  /** `resend_too_early`, `too_many_requests`, or anything else ('system'). */
  code: string;
}

export interface TeamInviteInput {
  /** The language the invitation mail is offered in first: the page's. */
  locale: Locale;
  /** The pending invitations, when the page brought them: the list shows at once. */
  invitations?: Invitation[];
}

export interface TeamInviteContext {
  /** The pending invitations as the server last answered them, oldest first. */
  invitations: Invitation[];
  email: string;
  locale: Locale;
  /** Our own rule's refusal of the e-mail field. */
  emailProblem: InviteEmailProblem | null;
  /** The server's refusals: at `email`, at `locale`, or of the team as a whole (`team`). */
  serverErrors: ServerErrors;
  /** The invitation whose Revoke or Resend is running. */
  working: string | null;
  rowProblem: RowProblem | null;
  /** The address just invited, or the invitation just sent again: a polite notice. */
  notice: { kind: 'invited' | 'resent'; email: string } | null;
}

export type TeamInviteEvent =
  | { type: 'invite.email'; email: string }
  | { type: 'invite.locale'; locale: Locale }
  | { type: 'invite.submit' }
  | { type: 'invitation.revoke'; id: string }
  | { type: 'invitation.resend'; id: string }
  | { type: 'invitations.retry' };

/**
 * The owner's invitations by e-mail (decision 0602), beside add-by-username on the owner
 * tab: loads the pending invitations, invites an address in the chosen language (our
 * rules first: required, an e-mail, not invited already; then the server's: a user of
 * the team already, the team full), and revokes or resends one invitation at a time
 * while the others wait. A row that vanished meanwhile (accepted, declined, revoked in
 * another tab) leaves the list; a resend asked too early or too often says so at its
 * row. No timeouts.
 */
export const teamInviteMachine = setup({
  types: {
    context: {} as TeamInviteContext,
    events: {} as TeamInviteEvent,
    input: {} as TeamInviteInput,
  },
  actors: {
    fetchInvitations: fromPromise<Invitation[]>(async () => {
      throw new Error('fetchInvitations is provided by the app');
    }),
    invite: fromPromise<Invitation, InvitationRequest>(async () => {
      throw new Error('invite is provided by the app');
    }),
    revokeInvitation: fromPromise<void, { id: string }>(async () => {
      throw new Error('revokeInvitation is provided by the app');
    }),
    resendInvitation: fromPromise<Invitation, { id: string }>(async () => {
      throw new Error('resendInvitation is provided by the app');
    }),
  },
  guards: {
    givenAtStart,
    isEmailEmpty: ({ context }) => context.email.trim() === '',
    isEmailInvalid: ({ context }) => !EMAIL.test(context.email.trim()),
    isInvitedAlready: ({ context }) =>
      context.invitations.some(
        (one) => one.email.toLowerCase() === context.email.trim().toLowerCase(),
      ),
    isListed: ({ context }, params: { id: string }) =>
      context.invitations.some((one) => one.id === params.id),
    isGone: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
    hasServerErrors: (_, params: { error: unknown }) =>
      Object.keys(toServerErrors(params.error)).length > 0,
  },
  actions: {
    keepInvitations: assign({
      invitations: (_, params: { invitations: Invitation[] }) => params.invitations,
    }),
    keepEmail: assign({
      email: (_, params: { email: string }) => params.email,
      emailProblem: null,
      serverErrors: ({ context }) => {
        const { email: _email, team: _team, ...rest } = context.serverErrors;
        return rest;
      },
      notice: null,
    }),
    keepLocale: assign({
      locale: (_, params: { locale: Locale }) => params.locale,
      serverErrors: ({ context }) => {
        const { locale: _locale, ...rest } = context.serverErrors;
        return rest;
      },
    }),
    refuseEmail: assign({
      emailProblem: (_, params: { problem: InviteEmailProblem }) => params.problem,
      notice: null,
    }),
    startInvite: assign({ emailProblem: null, serverErrors: {}, notice: null, rowProblem: null }),
    addInvitation: assign(({ context }, params: { invitation: Invitation }) => ({
      // The server's row, once: an answer repeated (a retried request) replaces it.
      invitations: [
        ...context.invitations.filter((one) => one.id !== params.invitation.id),
        params.invitation,
      ],
      email: '',
      notice: { kind: 'invited' as const, email: params.invitation.email },
    })),
    keepServerErrors: assign({
      serverErrors: (_, params: { error: unknown }) => toServerErrors(params.error),
    }),
    startRow: assign({
      working: (_, params: { id: string }) => params.id,
      rowProblem: null,
      notice: null,
    }),
    removeRow: assign(({ context }) => ({
      invitations: context.invitations.filter((one) => one.id !== context.working),
      working: null,
    })),
    replaceRow: assign(({ context }, params: { invitation: Invitation }) => ({
      invitations: context.invitations.map((one) =>
        one.id === params.invitation.id ? params.invitation : one,
      ),
      working: null,
      notice: { kind: 'resent' as const, email: params.invitation.email },
    })),
    keepRowProblem: assign(({ context }, params: { error: unknown }) => ({
      rowProblem: context.working ? { id: context.working, code: errorCode(params.error) } : null,
      working: null,
    })),
  },
}).createMachine({
  id: 'teamInvite',
  context: ({ input }) => ({
    invitations: [],
    email: '',
    locale: input.locale,
    emailProblem: null,
    serverErrors: {},
    working: null,
    rowProblem: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: loadState(
      'fetchInvitations',
      'A spinner while the pending invitations load.',
      withOutput('ready', 'keepInvitations', 'invitations'),
      'unavailable',
      startGiven('invitations', 'ready', 'keepInvitations'),
    ),
    unavailable: retryState(
      'invitations.retry',
      'The invitations could not be loaded, with Try again.',
    ),
    ready: {
      description: 'The pending invitations with Revoke and Resend, and the invite form.',
      on: {
        'invite.email': {
          actions: { type: 'keepEmail', params: ({ event }) => ({ email: event.email }) },
        },
        'invite.locale': {
          actions: { type: 'keepLocale', params: ({ event }) => ({ locale: event.locale }) },
        },
        'invite.submit': [
          form.refuseWhen('isEmailEmpty', 'refuseEmail', 'required'),
          form.refuseWhen('isEmailInvalid', 'refuseEmail', 'email'),
          form.refuseWhen('isInvitedAlready', 'refuseEmail', 'already_invited'),
          { target: 'inviting', actions: 'startInvite' },
        ],
        'invitation.revoke': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'revoking',
          actions: { type: 'startRow', params: ({ event }) => ({ id: event.id }) },
        },
        'invitation.resend': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'resending',
          actions: { type: 'startRow', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    inviting: {
      description: 'Sends the invitation.',
      tags: ['busy', 'inviting'],
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => ({ email: context.email.trim(), locale: context.locale }),
        onDone: withOutput('ready', 'addInvitation', 'invitation'),
        onError: [
          ifError('hasServerErrors', 'ready', 'keepServerErrors'),
          // Reported by the actor (a toast); the form stays as typed.
          { target: 'ready' },
        ],
      },
    },
    revoking: {
      description: 'Revokes one invitation; the other rows wait.',
      tags: ['busy', 'rowBusy'],
      invoke: {
        id: 'revokeInvitation',
        src: 'revokeInvitation',
        input: ({ context }) => ({ id: context.working ?? '' }),
        onDone: { target: 'ready', actions: 'removeRow' },
        onError: [
          // Ended meanwhile (accepted, declined, revoked elsewhere): what was asked.
          { guard: { type: 'isGone', params: fromError }, target: 'ready', actions: 'removeRow' },
          withError('ready', 'keepRowProblem'),
        ],
      },
    },
    resending: {
      description: 'Mails one invitation again with a new link; the other rows wait.',
      tags: ['busy', 'rowBusy'],
      invoke: {
        id: 'resendInvitation',
        src: 'resendInvitation',
        input: ({ context }) => ({ id: context.working ?? '' }),
        onDone: withOutput('ready', 'replaceRow', 'invitation'),
        onError: [
          { guard: { type: 'isGone', params: fromError }, target: 'ready', actions: 'removeRow' },
          withError('ready', 'keepRowProblem'),
        ],
      },
    },
  },
});
