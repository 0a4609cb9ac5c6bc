import { assign, fromPromise, setup } from 'xstate';
import type { InvitationAccepted, InvitationLink } from '../contract/teams.ts';
import { errorCode } from './error-code.ts';
import { fromError, ifOutput, withOutput } from './event-params.ts';
import { retryState } from './load-parts.ts';

/** What the page reads first: the link, and who is signed in in this browser. */
export interface InvitationPage {
  link: InvitationLink;
  /** The signed-in account's address, or null when nobody is signed in. */
  signedInEmail: string | null;
}

export interface TeamInvitationContext {
  /** What the link is, once read. */
  link: InvitationLink | null;
  /** The signed-in account's address, or null when nobody is signed in. */
  signedInEmail: string | null;
  /** The team joined. */
  joined: InvitationAccepted | null;
  /** The last accept or decline failed for a reason the page cannot name (try again). */
  failed: boolean;
}

export type TeamInvitationEvent =
  { type: 'invitation.accept' } | { type: 'invitation.decline' } | { type: 'invitation.retry' };

/** The refusals that end the page on a result of its own (decision 0602). */
const ENDED = {
  invitation_expired: 'expired',
  invitation_used: 'used',
  // A token that names nothing: replaced by a newer mail, or never sent.
  not_found: 'used',
  invitation_other_account: 'otherAccount',
} as const;

const isEnded = (code: string): code is keyof typeof ENDED => Object.hasOwn(ENDED, code);

/** A link's end: the page's result of that name. */
type End = (typeof ENDED)[keyof typeof ENDED];

/** An `onError` branch: the refusal names the link's `end` (`endsIn`), shown on its page. */
const toEnd = (end: End) => ({
  guard: {
    type: 'endsIn' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, end }),
  },
  target: end,
});

/**
 * An invitation mail's link (/invitation/{token}; decision 0602). Reads what the link is:
 * an expired, used or unknown link ends on its page at once. A pending one offers Accept
 * and Decline. Accepting needs the invited account: signed out, the page asks to sign
 * in (and comes back); signed in with another address, it says so and offers to sign
 * out. Declining needs no sign-in. A refusal that names the link's end (expired, used,
 * another account) shows that page; any other failure keeps the offer with a message.
 * No timeouts.
 */
export const teamInvitationMachine = setup({
  types: {
    context: {} as TeamInvitationContext,
    events: {} as TeamInvitationEvent,
  },
  actors: {
    loadInvitation: fromPromise<InvitationPage>(async () => {
      throw new Error('loadInvitation is provided by the app');
    }),
    acceptInvitation: fromPromise<InvitationAccepted>(async () => {
      throw new Error('acceptInvitation is provided by the app');
    }),
    declineInvitation: fromPromise<void>(async () => {
      throw new Error('declineInvitation is provided by the app');
    }),
  },
  guards: {
    isExpired: (_, params: { page: InvitationPage }) => params.page.link.state === 'expired',
    isUsed: (_, params: { page: InvitationPage }) => params.page.link.state === 'used',
    isUnknown: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
    isSignedOut: ({ context }) => context.signedInEmail === null,
    isOtherAccount: ({ context }) =>
      context.link !== null &&
      context.signedInEmail?.toLowerCase() !== context.link.email.toLowerCase(),
    endsIn: (_, params: { error: unknown; end: End }) => {
      const code = errorCode(params.error);
      return isEnded(code) && ENDED[code] === params.end;
    },
  },
  actions: {
    keepPage: assign((_, params: { page: InvitationPage }) => ({
      link: params.page.link,
      signedInEmail: params.page.signedInEmail,
    })),
    keepJoined: assign({
      joined: (_, params: { joined: InvitationAccepted }) => params.joined,
    }),
    clearFailure: assign({ failed: false }),
    markFailed: assign({ failed: true }),
  },
}).createMachine({
  id: 'teamInvitation',
  context: { link: null, signedInEmail: null, joined: null, failed: false },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads what the link is.',
      tags: ['busy'],
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        onDone: [
          ifOutput('isExpired', 'page', 'expired', 'keepPage'),
          ifOutput('isUsed', 'page', 'used', 'keepPage'),
          withOutput('offered', 'keepPage', 'page'),
        ],
        onError: [
          { guard: { type: 'isUnknown', params: fromError }, target: 'used' },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: retryState('invitation.retry', 'The link could not be read, with Try again.'),
    offered: {
      description: 'Who invites, with Accept and Decline.',
      on: {
        'invitation.accept': [
          { guard: 'isSignedOut', target: 'signInNeeded' },
          { guard: 'isOtherAccount', target: 'otherAccount' },
          { target: 'accepting', actions: 'clearFailure' },
        ],
        'invitation.decline': { target: 'declining', actions: 'clearFailure' },
      },
    },
    signInNeeded: {
      description: 'Accepting needs a sign-in: a link to sign in and come back; Decline stays.',
      on: { 'invitation.decline': { target: 'declining', actions: 'clearFailure' } },
    },
    otherAccount: {
      description:
        'Signed in with another address: says which, offers to sign out and continue; Decline stays.',
      on: { 'invitation.decline': { target: 'declining', actions: 'clearFailure' } },
    },
    accepting: {
      description: 'Joins the team.',
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        onDone: withOutput('accepted', 'keepJoined', 'joined'),
        onError: [
          toEnd('expired'),
          toEnd('used'),
          toEnd('otherAccount'),
          { target: 'offered', actions: 'markFailed' },
        ],
      },
    },
    declining: {
      description: 'Declines the invitation.',
      tags: ['busy'],
      invoke: {
        id: 'declineInvitation',
        src: 'declineInvitation',
        onDone: 'declined',
        onError: [toEnd('expired'), toEnd('used'), { target: 'offered', actions: 'markFailed' }],
      },
    },
    accepted: { description: 'Joined: a link to the team.', type: 'final' },
    declined: { description: 'Declined: nothing more to do.', type: 'final' },
    expired: { description: 'The link is older than 7 days: ask the owner again.', type: 'final' },
    used: {
      description: 'The link was used, withdrawn or replaced by a newer mail.',
      type: 'final',
    },
  },
});
