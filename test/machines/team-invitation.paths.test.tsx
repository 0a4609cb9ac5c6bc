import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { InvitationAccepted } from '../../contract/teams.ts';
import {
  teamInvitationMachine,
  type InvitationPage,
} from '../../machines/team-invitation.machine.ts';
import { TeamInvitationView } from '../../src/views/teams/team-invitation.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';

const INVITED = 'kate@example.com';
const link = (state: 'pending' | 'expired' | 'used') => ({
  state,
  owner_username: 'ann',
  email: INVITED,
});
const pages: InvitationPage[] = [
  { link: link('pending'), signedInEmail: INVITED },
  { link: link('pending'), signedInEmail: 'KATE@example.com' },
  { link: link('pending'), signedInEmail: null },
  { link: link('pending'), signedInEmail: 'mallory@example.com' },
  { link: link('expired'), signedInEmail: INVITED },
  { link: link('used'), signedInEmail: null },
];
const joined: InvitationAccepted = { owner_id: 'guid-of-ann', owner_username: 'ann' };
const refusal = (code: string) => Object.assign(new Error(code), { code });

const OFFER =
  'ann invites you (kate@example.com) to their team. Members of the team get the Premium plan.';
const FAILED = 'Something went wrong. Please try again.';
const EXPIRED =
  'This invitation has expired: its link works for 7 days. Ask the team owner to send it again.';
const USED =
  'This invitation link no longer works: it was used already, withdrawn by the team owner, or replaced by a newer mail.';
const button = (name: string) => screen.getByRole('button', { name });

/** What each refusal of accept or decline leads to (decision 0602). */
function ended(code: string | undefined, accepting: boolean) {
  if (code === 'invitation_expired') return 'expired';
  if (code === 'invitation_used' || code === 'not_found') return 'used';
  if (accepting && code === 'invitation_other_account') return 'otherAccount';
  return null;
}

const declining = {
  to: 'declining',
  set: { failed: false },
  starts: { declineInvitation: undefined },
};

describeMachinePaths(teamInvitationMachine, {
  paths: 38,
  // Decision 0602: an expired, used or unknown link ends on its page at once; a pending
  // one is accepted by the invited account only (signed out: sign in first; another
  // address: sign out first) and declined by anyone holding it; a refusal naming the
  // link's end shows that page, any other keeps the offer with a message.
  steps: {
    loading: {
      'done: loadInvitation': (_, event) => {
        const page: InvitationPage = outputOf(event);
        const to =
          page.link.state === 'expired'
            ? 'expired'
            : page.link.state === 'used'
              ? 'used'
              : 'offered';
        return { to, set: { link: page.link, signedInEmail: page.signedInEmail } };
      },
      'error: loadInvitation': (_, event) => ({
        to: errorOf(event).code === 'not_found' ? 'used' : 'unavailable',
      }),
    },
    unavailable: {
      'invitation.retry': { to: 'loading', starts: { loadInvitation: undefined } },
    },
    offered: {
      'invitation.accept': ({ context }) => {
        if (context.signedInEmail === null) return { to: 'signInNeeded' };
        if (context.signedInEmail.toLowerCase() !== INVITED) return { to: 'otherAccount' };
        return { to: 'accepting', set: { failed: false }, starts: { acceptInvitation: undefined } };
      },
      'invitation.decline': declining,
    },
    signInNeeded: { 'invitation.decline': declining },
    otherAccount: { 'invitation.decline': declining },
    accepting: {
      'done: acceptInvitation': (_, event) => ({
        to: 'accepted',
        set: { joined: outputOf(event) },
      }),
      'error: acceptInvitation': (_, event) => {
        const to = ended(errorOf(event).code, true);
        return to ? { to } : { to: 'offered', set: { failed: true } };
      },
    },
    declining: {
      'done: declineInvitation': { to: 'declined' },
      'error: declineInvitation': (_, event) => {
        const to = ended(errorOf(event).code, false);
        return to ? { to } : { to: 'offered', set: { failed: true } };
      },
    },
  },
  events: (snapshot) => [
    { type: 'invitation.accept' },
    { type: 'invitation.decline' },
    { type: 'invitation.retry' },
    ...internalEvents(snapshot, {
      loadInvitation: { output: pages, error: [refusal('not_found'), refusal('system')] },
      acceptInvitation: {
        output: [joined],
        error: [
          refusal('invitation_expired'),
          refusal('invitation_used'),
          refusal('not_found'),
          refusal('invitation_other_account'),
          refusal('system'),
        ],
      },
      declineInvitation: {
        error: [refusal('invitation_expired'), refusal('invitation_used'), refusal('system')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    signedIn: snapshot.context.signedInEmail,
    linkState: snapshot.context.link?.state ?? null,
    failed: snapshot.context.failed,
  }),
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'invitation.accept' })).toBe(false);
    },
    accepting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      // Only the invited address gets this far.
      expect(snapshot.context.signedInEmail?.toLowerCase()).toBe(INVITED);
      expect(snapshot.can({ type: 'invitation.decline' })).toBe(false);
    },
    declining: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    signInNeeded: (snapshot) => {
      expect(snapshot.context.signedInEmail).toBeNull();
      expect(snapshot.can({ type: 'invitation.accept' })).toBe(false);
    },
    // Signed in with another address (seen here, or said by the server): no accepting.
    otherAccount: (snapshot) => {
      expect(snapshot.context.signedInEmail).not.toBeNull();
      expect(snapshot.can({ type: 'invitation.accept' })).toBe(false);
    },
    unavailable: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'invitation.accept' })).toBe(false);
      expect(snapshot.can({ type: 'invitation.retry' })).toBe(true);
    },
    offered: (snapshot) => {
      expect(snapshot.context.link?.state).toBe('pending');
      expect(snapshot.can({ type: 'invitation.decline' })).toBe(true);
    },
    // The ends: nothing more to send.
    declined: (snapshot) => expect(snapshot.status).toBe('done'),
    expired: (snapshot) => expect(snapshot.status).toBe('done'),
    used: (snapshot) => expect(snapshot.status).toBe('done'),
    accepted: (snapshot) => expect(snapshot.context.joined).toEqual(joined),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <TeamInvitationView
          snapshot={snapshot}
          send={() => {}}
          returnTo="/en/invitation/token"
          onSwitchAccount={() => {}}
        />
      </Providers>
    ),
    states: {
      loading: () => {
        screen.getByRole('heading', { name: 'Team invitation' });
        expect(screen.getByRole('status').textContent).toBe('Loading');
        expect(screen.queryByRole('button')).toBeNull();
      },
      unavailable: () => {
        screen.getByText("Couldn't read the invitation.");
        expect(button('Try again')).toHaveProperty('disabled', false);
      },
      offered: (snapshot) => {
        screen.getByText(OFFER);
        expect(button('Accept')).toHaveProperty('disabled', false);
        expect(button('Decline')).toHaveProperty('disabled', false);
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          snapshot.context.failed ? FAILED : null,
        );
      },
      accepting: () => {
        screen.getByText(OFFER);
        expect(button('Accept')).toHaveProperty('disabled', true);
        expect(button('Accept').getAttribute('data-loading')).not.toBeNull();
        expect(button('Decline')).toHaveProperty('disabled', true);
      },
      declining: () => {
        expect(button('Decline')).toHaveProperty('disabled', true);
        expect(button('Decline').getAttribute('data-loading')).not.toBeNull();
        expect(button('Accept')).toHaveProperty('disabled', true);
      },
      signInNeeded: () => {
        screen.getByText(
          'Sign in as kate@example.com to accept the invitation from ann. No account yet? Sign up with this address first.',
        );
        const signIn = screen.getByRole('link', { name: 'Sign in to accept' });
        expect(signIn.getAttribute('href')).toContain('next=');
        expect(button('Decline')).toHaveProperty('disabled', false);
        expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      },
      otherAccount: (snapshot) => {
        expect(screen.getByRole('alert').textContent).toBe(
          `The invitation was sent to kate@example.com, but you are signed in as ${snapshot.context.signedInEmail ?? ''}. Sign out and sign in as kate@example.com to accept it.`,
        );
        expect(button('Sign out and continue')).toHaveProperty('disabled', false);
        expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      },
      accepted: () => {
        expect(screen.getByRole('status').textContent).toBe('You joined the team of ann.');
        screen.getByRole('link', { name: 'Go to your teams' });
        expect(screen.queryByRole('button')).toBeNull();
      },
      declined: () => {
        expect(screen.getByRole('status').textContent).toBe(
          'You declined the invitation from ann.',
        );
        expect(screen.queryByRole('button')).toBeNull();
      },
      expired: () => {
        expect(screen.getByRole('status').textContent).toBe(EXPIRED);
        expect(screen.queryByRole('button')).toBeNull();
      },
      used: () => {
        expect(screen.getByRole('status').textContent).toBe(USED);
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
});
