import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { profileFormMachine, type ProfileFormContext } from '../machines/profile-form.machine.ts';
import { ProfileFormView } from '../src/views/profile/profile-form.view.tsx';
import { demoUser } from '../test/fixtures/users.ts';

type Value = SnapshotFrom<typeof profileFormMachine>['value'];
interface Args {
  value: Value;
  context: ProfileFormContext;
}

const countries = [
  { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
  { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
];
const context: ProfileFormContext = { user: demoUser, countries, serverErrors: {} };

/** The personal data block of /profile: every state of the profile form machine. */
const meta = {
  title: 'Flows/Profile/Personal data',
  render: ({ value, context }) => (
    <ProfileFormView
      snapshot={profileFormMachine.resolveState({ value, context })}
      send={() => {}}
    />
  ),
  args: { value: { editing: 'idle' }, context },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { value: 'loading', context: { ...context, countries: [] } },
};
export const LoadFailed: Story = {
  args: { value: 'loadFailed', context: { ...context, countries: [] } },
};
export const Editing: Story = {};
export const RefusedPhone: Story = {
  args: {
    context: {
      ...context,
      serverErrors: { phone: { field: 'phone', code: 'phoneNumber', detail: 'Bad phone' } },
    },
  },
};
export const Saving: Story = { args: { value: 'saving' } };
export const Saved: Story = { args: { value: { editing: 'saved' } } };
