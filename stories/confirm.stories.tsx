import type { Meta, StoryObj } from '@storybook/react-vite';
import { confirmMachine } from '../machines/confirm.machine.ts';
import { ProfileManagementView } from '../src/views/profile/profile-management.view.tsx';

/**
 * The confirm machine's question (ConfirmView), in the words of the profile removal on
 * /profile, the page behind it. Of its states only `asking` draws anything of its own:
 * `closed` and `confirmed` are the page without the dialog (stories/profile-management
 * .stories.tsx). The other pages' questions are drawn with their own states: leaving a
 * team (stories/team-member.stories.tsx) and restoring a subscription
 * (stories/subscription.stories.tsx).
 */
const meta = {
  title: 'Flows/Confirm',
  render: () => (
    <ProfileManagementView
      confirm={confirmMachine.resolveState({ value: 'asking', context: undefined })}
      send={() => {}}
    />
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Asking: Story = {};
