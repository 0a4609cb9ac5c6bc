import type { Meta, StoryObj } from '@storybook/react-vite';
import { profileRemovalMachine } from '../machines/profile-removal.machine.ts';
import { ProfileRemovalView } from '../src/views/profile/profile-removal.view.tsx';

interface Args {
  value: 'removing' | 'failed' | 'removed';
}

/**
 * /remove, reached after the confirmation on /profile (stories/confirm.stories.tsx):
 * one story per state of the removal.
 */
const meta = {
  title: 'Flows/Profile/Removal',
  render: ({ value }) => (
    <ProfileRemovalView
      snapshot={profileRemovalMachine.resolveState({ value, context: undefined })}
      send={() => {}}
    />
  ),
  args: { value: 'removing' },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Removing: Story = {};
export const Failed: Story = { args: { value: 'failed' } };
export const Removed: Story = { args: { value: 'removed' } };
