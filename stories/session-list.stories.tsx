import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { SessionInfo } from '../contract/identity.ts';
import { sessionListMachine, type SessionListContext } from '../machines/session-list.machine.ts';
import { SessionListView } from '../src/views/security/session-list.view.tsx';
import { laptopSession, phoneSession, unknownSession } from '../test/fixtures/security.ts';

type Value = SnapshotFrom<typeof sessionListMachine>['value'];
interface Args {
  value: Value;
  context: SessionListContext;
}

const laptop = laptopSession;
const phone: SessionInfo = { ...phoneSession, country: 'RU' };
const script = { ...unknownSession, ip: '192.0.2.15' };
const three: SessionListContext = { sessions: [laptop, phone, script], ending: null, error: null };

/** "Where you're signed in" on /security: every state of its machine. */
const meta = {
  title: 'Flows/Security/Sessions',
  render: ({ value, context }) => (
    <SessionListView
      snapshot={sessionListMachine.resolveState({ value, context })}
      send={() => {}}
    />
  ),
  args: { value: 'ready', context: three },
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
