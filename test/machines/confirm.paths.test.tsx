import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import { ProfileManagementView } from '../../src/views/profile/profile-management.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths } from './path-harness.ts';

// The confirm machine's view is ConfirmView (src/components/confirm.view.tsx), drawn in
// the words of the page that asks: here the profile removal's question, in the Profile
// management block on /profile, whose cards are the page behind it.

const QUESTION = 'Are you sure you want to delete profile?';
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
  // Section 2, Profile (profile removal: a confirmation first) and section 4 (Restore
  // opens a confirmation dialog first): asked, then accepted or cancelled.
  steps: {
    closed: { 'confirm.ask': { to: 'asking' } },
    asking: { 'confirm.cancel': { to: 'closed' }, 'confirm.accept': { to: 'confirmed' } },
  },
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

describe('the confirm view answers the machine', () => {
  // Unmounted before the file ends: an open dialog left mounted schedules React work
  // that would run after the test environment is gone.
  afterEach(cleanup);

  it('sends confirm.cancel on Cancel and confirm.accept on the button that goes on', async () => {
    const send = vi.fn();
    render(
      <Providers locale="en">
        <ProfileManagementView
          confirm={confirmMachine.resolveState({ value: 'asking', context: undefined })}
          send={send}
        />
      </Providers>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Profile removal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(send.mock.calls).toEqual([[{ type: 'confirm.cancel' }], [{ type: 'confirm.accept' }]]);
  });
});
