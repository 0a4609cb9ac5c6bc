import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { SessionInfo } from '../contract/identity.ts';
import { sessionListMachine, type SessionListContext } from '../machines/session-list.machine.ts';
import { SessionListView } from '../src/views/security/session-list.view.tsx';
import { LiveView } from './live.tsx';
import { laptopSession, phoneSession, unknownSession } from '../test/fixtures/security.ts';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof sessionListMachine>;

const laptop = laptopSession;
const phone: SessionInfo = { ...phoneSession, country: 'RU' };
const script = { ...unknownSession, ip: '192.0.2.15' };
const three: SessionListContext = {
  sessions: [laptop, phone, script],
  ending: null,
  error: null,
  refreshDue: false,
};

/** "Where you're signed in" on /security: every state of its machine. */
const meta = {
  title: 'Flows/Security/Sessions',
  render: renderState(sessionListMachine, SessionListView),
  args: { value: { ready: 'current' }, context: three },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const LoadFailed: Story = { args: { value: 'loadFailed' } };
export const ThisBrowserOnly: Story = { args: { context: { ...three, sessions: [laptop] } } };
export const SeveralBrowsers: Story = {};
export const Ending: Story = {
  args: { value: 'ending', context: { ...three, ending: phone.id } },
};
export const EndingOthers: Story = {
  args: { value: 'endingOthers', context: { ...three, ending: 'others' } },
};
export const EndFailed: Story = { args: { context: { ...three, error: 'system' } } };
/** Read again after a password change: the last list stays, busy. */
export const Refreshing: Story = { args: { value: 'refreshing' } };
/** The refresh failed: the last list stays, with Try again. */
export const RefreshFailed: Story = { args: { value: { ready: 'refreshFailed' } } };

/** The block on a live machine, the server stood in for: ending answers with `ended`. */
function LiveSessionList({ ended }: { ended: () => Promise<void> }) {
  const machine = sessionListMachine.provide({
    actors: {
      loadSessions: fromPromise(async () => three.sessions),
      endSession: fromPromise(ended),
      endOtherSessions: fromPromise(ended),
    },
  });
  return <LiveView machine={machine}>{(props) => <SessionListView {...props} />}</LiveView>;
}

/** Each other browser's Sign out (not Sign out of all other sessions). */
const signOutButtons = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('button', { name: /^(Sign out (?!of all)|Завершить сеанс )/ });

/** Signing the phone out takes it off the list; this browser stays, without a button. */
export const SignOutAnother: Story = {
  render: () => <LiveSessionList ended={async () => {}} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(3));
    const [phoneButton, ...rest] = signOutButtons(canvas);
    await expect(rest).toHaveLength(1);
    await userEvent.click(phoneButton!);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await expect(signOutButtons(canvas)).toHaveLength(1);
  },
};

/** The server fails: the session stays listed, the failure is said, nothing is busy. */
export const SignOutFails: Story = {
  render: () => (
    <LiveSessionList
      ended={async () => {
        throw Object.assign(new Error('system'), { code: 'system' });
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(3));
    await userEvent.click(signOutButtons(canvas)[0]!);
    await canvas.findByRole('alert');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    for (const button of signOutButtons(canvas)) await expect(button).toBeEnabled();
  },
};
