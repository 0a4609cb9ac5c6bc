import { expect } from 'vitest';
import {
  ConsentRefused,
  socialAccountConsentMachine,
} from '../../machines/social-account-consent.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

describeMachinePaths(socialAccountConsentMachine, {
  paths: 5,
  input: { provider: 'github' },
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
});
