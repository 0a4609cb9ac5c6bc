import type { Meta, StoryObj } from '@storybook/react-vite';
import { confirmMachine } from '../machines/confirm.machine.ts';
import { dataExportMachine } from '../machines/data-export.machine.ts';
import { profileRemovalMachine } from '../machines/profile-removal.machine.ts';
import { DataExportView } from '../src/views/profile/data-export.view.tsx';
import { ProfileManagementView } from '../src/views/profile/profile-management.view.tsx';
import { ProfileRemovalView } from '../src/views/profile/profile-removal.view.tsx';

interface Args {
  screen: 'management' | 'export' | 'removal';
  value: string;
}

const file = { name: 'demo-profile.json', url: '#file' };

/** Profile management: the removal confirmation, /export_profile and /remove in every state. */
const meta = {
  title: 'Flows/Profile/Management',
  render: ({ screen, value }) => {
    switch (screen) {
      case 'management':
        return (
          <ProfileManagementView
            confirm={confirmMachine.resolveState({ value, context: undefined })}
            send={() => {}}
          />
        );
      case 'export':
        return (
          <DataExportView
            snapshot={dataExportMachine.resolveState({ value, context: { file } })}
            send={() => {}}
            email="demo@example.com"
          />
        );
      case 'removal':
        return (
          <ProfileRemovalView
            snapshot={profileRemovalMachine.resolveState({ value, context: undefined })}
            send={() => {}}
          />
        );
    }
  },
  args: { screen: 'management', value: 'closed' },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {};
export const ConfirmingRemoval: Story = { args: { value: 'asking' } };
export const ExportPreparing: Story = { args: { screen: 'export', value: 'preparing' } };
export const ExportReady: Story = { args: { screen: 'export', value: 'ready' } };
export const ExportFailed: Story = { args: { screen: 'export', value: 'failed' } };
export const Removing: Story = { args: { screen: 'removal', value: 'removing' } };
export const RemovalFailed: Story = { args: { screen: 'removal', value: 'failed' } };
export const Removed: Story = { args: { screen: 'removal', value: 'removed' } };
