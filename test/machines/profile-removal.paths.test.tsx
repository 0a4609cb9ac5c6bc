import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { profileRemovalMachine } from '../../machines/profile-removal.machine.ts';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import { ProfileManagementView } from '../../src/views/profile/profile-management.view.tsx';
import { ProfileRemovalView } from '../../src/views/profile/profile-removal.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const QUESTION = 'Are you sure you want to delete profile?';
const REMOVAL_FAILED = "Couldn't delete your profile. Please try again.";
const question = () => screen.queryByRole('alertdialog', { name: 'Profile removal' });
/** The two cards of Profile management, the page behind the question when it is asked. */
const cards = () => {
  screen.getByRole('heading', { name: 'Profile management', hidden: true });
  screen.getByText('Download a copy of all personal data we hold about you.');
  expect(screen.getByRole('link', { name: 'Export data', hidden: true }).getAttribute('href')).toBe(
    '/en/export_profile',
  );
  screen.getByText('Delete your profile and all its data. This cannot be undone.');
  return screen.getByRole('button', { name: 'Delete profile', hidden: true });
};
const closed = () => {
  cards();
  expect(question()).toBeNull();
  expect(screen.queryByText(QUESTION)).toBeNull();
};

describeMachinePaths(confirmMachine, {
  paths: 2,
  events: () => [{ type: 'confirm.ask' }, { type: 'confirm.cancel' }, { type: 'confirm.accept' }],
  states: {
    closed: (snapshot) => {
      // Nothing asked yet: only a question opens it; an answer without one does nothing.
      expect(snapshot.can({ type: 'confirm.ask' })).toBe(true);
      expect(snapshot.can({ type: 'confirm.accept' })).toBe(false);
    },
    asking: (snapshot) => {
      expect(snapshot.can({ type: 'confirm.accept' })).toBe(true);
      expect(snapshot.can({ type: 'confirm.cancel' })).toBe(true);
      expect(snapshot.can({ type: 'confirm.ask' })).toBe(false);
    },
    confirmed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
  // The question of the profile removal: the Profile management block on /profile.
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <ProfileManagementView confirm={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      closed,
      asking: () => {
        cards();
        const dialog = question();
        if (!dialog) throw new Error('the removal question is not asked');
        within(dialog).getByText(QUESTION);
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty(
          'disabled',
          false,
        );
        expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty(
          'disabled',
          false,
        );
      },
      // Answered: the question is gone and the page goes on to /remove.
      confirmed: closed,
    },
  },
});

describeMachinePaths(profileRemovalMachine, {
  paths: 2,
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
