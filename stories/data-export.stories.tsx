import type { Meta, StoryObj } from '@storybook/react-vite';
import { dataExportMachine } from '../machines/data-export.machine.ts';
import { DataExportView } from '../src/views/profile/data-export.view.tsx';

interface Args {
  value: 'preparing' | 'ready' | 'failed';
}

const file = { name: 'demo-profile.json', url: '#file' };

/** /export_profile: one story per state of the data export. */
const meta = {
  title: 'Flows/Profile/Data export',
  render: ({ value }) => (
    <DataExportView
      snapshot={dataExportMachine.resolveState({ value, context: { file } })}
      send={() => {}}
      email="demo@example.com"
    />
  ),
  args: { value: 'preparing' },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Preparing: Story = {};
export const Ready: Story = { args: { value: 'ready' } };
export const Failed: Story = { args: { value: 'failed' } };
