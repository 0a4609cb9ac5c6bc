import type { Meta, StoryObj } from '@storybook/react-vite';
import { confirmMachine } from '../machines/confirm.machine.ts';
import { ProfileManagementView } from '../src/views/profile/profile-management.view.tsx';

/**
 * Profile management on /profile: its cards, the removal's question closed. The question
 * asked is the confirm machine's (stories/confirm.stories.tsx); /export_profile and
 * /remove are the data export's and the removal's (stories/data-export.stories.tsx,
 * stories/profile-removal.stories.tsx).
 */
const meta = {
  title: 'Flows/Profile/Management',
  render: () => (
    <ProfileManagementView
      confirm={confirmMachine.resolveState({ value: 'closed', context: undefined })}
      send={() => {}}
    />
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {};
