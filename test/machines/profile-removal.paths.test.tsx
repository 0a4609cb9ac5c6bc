import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { profileRemovalMachine } from '../../machines/profile-removal.machine.ts';
import { ProfileRemovalView } from '../../src/views/profile/profile-removal.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const REMOVAL_FAILED = "Couldn't delete your profile. Please try again.";

describeMachinePaths(profileRemovalMachine, {
  paths: 2,
  // Section 2, Profile (Profile removal) and the decision on /remove: the profile is
  // removed and the user signed out, with Try again on a failure.
  steps: {
    removing: {
      'done: deleteProfile': { to: 'removed' },
      'error: deleteProfile': { to: 'failed' },
    },
    failed: { 'removal.retry': { to: 'removing', starts: { deleteProfile: undefined } } },
  },
  events: (snapshot) => [{ type: 'removal.retry' }, ...internalEvents(snapshot)],
  states: {
    removing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    failed: (snapshot) => {
      // The removal failed: still active, not busy, and it may be retried.
      expect(snapshot.status).toBe('active');
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'removal.retry' })).toBe(true);
    },
    removed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <ProfileRemovalView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      removing: () => {
        screen.getByRole('heading', { name: 'Profile removal' });
        expect(screen.getByRole('status').textContent).toBe('Deleting your profile…');
        expect(screen.queryByText(REMOVAL_FAILED)).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
      failed: () => {
        screen.getByRole('heading', { name: 'Profile removal' });
        screen.getByText(REMOVAL_FAILED);
        expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
        expect(screen.queryByRole('status')).toBeNull();
      },
      removed: () => {
        expect(screen.getByRole('status').textContent).toBe('Your profile was deleted.');
        expect(screen.queryByText(REMOVAL_FAILED)).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
});
