import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { mailNoticeMachine } from '../machines/mail-notice.machine.ts';
import { MailNoticeView } from '../src/views/mail/mail-notice.view.tsx';

interface Args {
  value: SnapshotFrom<typeof mailNoticeMachine>['value'];
}

/**
 * Above every signed-in page while a mail to the user's address never arrived: every
 * state of the mail-notice machine that draws something (dismissed draws nothing).
 */
const meta = {
  title: 'Flows/Undelivered e-mail notice',
  render: ({ value }) => (
    <MailNoticeView
      snapshot={mailNoticeMachine.resolveState({ value, context: {} })}
      send={() => {}}
      email="anna@example.com"
      failedAt="2026-11-24T09:30:00.000Z"
    />
  ),
  args: { value: 'shown' },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};
export const Dismissing: Story = { args: { value: 'dismissing' } };
export const DismissFailed: Story = { args: { value: 'failed' } };
