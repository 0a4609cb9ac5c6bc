import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { mailNoticeMachine } from '../../machines/mail-notice.machine.ts';
import { MailNoticeView } from '../../src/views/mail/mail-notice.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const dismiss = () => screen.getByRole('button', { name: 'Dismiss' });
const NOTICE = 'An e-mail to anna@example.com did not arrive';
const REFUSED = "Couldn't dismiss the notice. Please try again.";

describeMachinePaths(mailNoticeMachine, {
  paths: 2,
  // The notice of a mail that never arrived: shown until dismissed, which the server
  // keeps; a failed dismissal leaves it to dismiss again.
  steps: {
    shown: { 'notice.dismiss': { to: 'dismissing', starts: { dismissNotice: undefined } } },
    dismissing: {
      'done: dismissNotice': { to: 'dismissed' },
      'error: dismissNotice': { to: 'failed' },
    },
    failed: { 'notice.dismiss': { to: 'dismissing', starts: { dismissNotice: undefined } } },
  },
  events: (snapshot) => [
    { type: 'notice.dismiss' },
    ...internalEvents(snapshot, {
      dismissNotice: { output: [undefined], error: [new Error('503')] },
    }),
  ],
  states: {
    shown: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'notice.dismiss' })).toBe(true);
    },
    dismissing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.dismissNotice).toBeDefined();
      // A second click while the server forgets it is not taken.
      expect(snapshot.can({ type: 'notice.dismiss' })).toBe(false);
    },
    failed: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'notice.dismiss' })).toBe(true);
    },
    dismissed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <MailNoticeView
          snapshot={snapshot}
          send={() => {}}
          email="anna@example.com"
          failedAt="2026-11-24T09:30:00.000Z"
        />
      </Providers>
    ),
    states: {
      shown: () => {
        screen.getByText(NOTICE);
        screen.getByText(/On November 24, 2026 your mail server kept refusing our e-mail/);
        expect(dismiss()).toHaveProperty('disabled', false);
        expect(screen.queryByText(REFUSED)).toBeNull();
      },
      dismissing: () => {
        screen.getByText(NOTICE);
        expect(dismiss()).toHaveProperty('disabled', true);
        expect(screen.queryByText(REFUSED)).toBeNull();
      },
      failed: () => {
        screen.getByText(NOTICE);
        screen.getByText(REFUSED);
        expect(dismiss()).toHaveProperty('disabled', false);
      },
      dismissed: () => {
        expect(screen.queryByText(NOTICE)).toBeNull();
        expect(screen.getByRole('status').textContent).toBe('The notice is dismissed.');
        expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
      },
    },
  },
});
