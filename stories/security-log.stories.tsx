import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SecurityEvent } from '../contract/identity.ts';
import { securityLogMachine } from '../machines/security-log.machine.ts';
import { SecurityLogView } from '../src/views/security/security-log.view.tsx';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof securityLogMachine>;

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
const laptop = { browser: 'Chrome 131', os: 'Linux', ip: '203.0.113.7', country: 'DE' };
const phone = { browser: 'Safari 17', os: 'iOS 17', ip: '198.51.100.4', country: 'RU' };
const events: SecurityEvent[] = [
  { kind: 'email_change_undone', method: null, created_at: at(29), ...phone },
  { kind: 'email_changed', method: null, created_at: at(28), ...laptop },
  { kind: 'sessions_ended', method: null, created_at: at(27), ...laptop },
  { kind: 'profile_exported', method: null, created_at: at(26), ...laptop },
  { kind: 'social_unlinked', method: 'github', created_at: at(25), ...laptop },
  { kind: 'social_linked', method: 'github', created_at: at(24), ...laptop },
  { kind: 'session_ended', method: null, created_at: at(23), ...laptop },
  { kind: 'password_reset', method: null, created_at: at(22), ...phone },
  { kind: 'sign_in', method: 'yandex', created_at: at(21), ...phone },
  { kind: 'sign_in', method: 'code', created_at: at(20), ...phone },
  {
    kind: 'sign_in_failed',
    method: 'password',
    created_at: at(19),
    ...phone,
    browser: null,
    os: null,
  },
  { kind: 'sign_in', method: 'password', created_at: at(18), ...laptop },
];

/** "Recent security activity" on /security: every state of its machine, every kind of event. */
const meta = {
  title: 'Flows/Security/Activity',
  render: renderState(securityLogMachine, SecurityLogView),
  args: { value: { ready: 'current' }, context: { events } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const LoadFailed: Story = { args: { value: 'loadFailed' } };
export const Empty: Story = { args: { context: { events: [] } } };
export const EveryKind: Story = {};
/** Read again after a change on the page: the last log stays, busy. */
export const Refreshing: Story = { args: { value: 'refreshing' } };
/** The refresh failed: the last log stays, with Try again. */
export const RefreshFailed: Story = { args: { value: { ready: 'refreshFailed' } } };
