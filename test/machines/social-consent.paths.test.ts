import { expect } from 'vitest';
import { socialConsentMachine } from '../../machines/social-consent.machine.ts';
import { socialProviders } from '../../contract/identity.ts';
import { describeMachinePaths } from './path-harness.ts';

describeMachinePaths(socialConsentMachine, {
  paths: 6,
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
});
