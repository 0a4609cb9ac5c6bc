import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { SessionInfo } from '../contract/identity.ts';
import { sessionListMachine, type SessionListContext } from '../machines/session-list.machine.ts';
import { SessionListView } from '../src/views/security/session-list.view.tsx';

type Value = SnapshotFrom<typeof sessionListMachine>['value'];
interface Args {
  value: Value;
  context: SessionListContext;
}

const laptop: SessionInfo = {
  id: '11111111-1111-4111-8111-111111111111',
  current: true,
  created_at: '2026-11-01T10:00:00Z',
  last_seen_at: '2026-11-27T10:00:00Z',
  browser: 'Chrome 131',
  os: 'Linux',
  ip: '203.0.113.7',
  country: 'DE',
};
const phone: SessionInfo = {
  id: '22222222-2222-4222-8222-222222222222',
  current: false,
  created_at: '2026-11-20T10:00:00Z',
  last_seen_at: '2026-11-26T10:00:00Z',
  browser: 'Safari 17',
  os: 'iOS 17',
  ip: '198.51.100.4',
  country: 'RU',
};
const script: SessionInfo = {
  ...phone,
  id: '33333333-3333-4333-8333-333333333333',
  browser: null,
  os: null,
  country: null,
};
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
