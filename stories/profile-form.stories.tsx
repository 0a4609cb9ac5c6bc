import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { Country } from '../contract/countries.ts';
import type { Profile } from '../contract/profile.ts';
import { FieldErrors } from '../machines/field-errors.ts';
import {
  profileFormMachine,
  type ProfileFormContext,
  type ProfileValues,
} from '../machines/profile-form.machine.ts';
import { ProfileFormView } from '../src/views/profile/profile-form.view.tsx';
import { demoUser } from '../test/fixtures/users.ts';
import { errorAt, LiveView } from './live.tsx';
import { renderState, type StateArgs } from './state.tsx';

type Value = SnapshotFrom<typeof profileFormMachine>['value'];
type Args = StateArgs<typeof profileFormMachine, Value>;

const countries = [
  { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
  { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
];
const context: ProfileFormContext = { user: demoUser, countries, serverErrors: {} };

/** The personal data block of /profile: every state of the profile form machine. */
const meta = {
  title: 'Flows/Profile/Personal data',
  render: renderState(profileFormMachine, ProfileFormView),
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

/** The block on a live machine: the server refuses +7 000 000-00-00 and saves anything else. */
function LiveProfileForm() {
  const machine = profileFormMachine.provide({
    actors: {
      loadCountries: fromPromise<Country[]>(async () => countries),
      saveProfile: fromPromise<Profile, ProfileValues>(async ({ input }) => {
        if (input.phone === '+7 000 000-00-00') {
          throw new FieldErrors([{ field: 'phone', code: 'phoneNumber', detail: 'Bad phone' }]);
        }
        return { ...demoUser, ...input } as Profile;
      }),
    },
  });
  return (
    <LiveView machine={machine} input={{ user: demoUser }}>
      {(props) => <ProfileFormView {...props} />}
    </LiveView>
  );
}

const PHONE = /^(Phone|Телефон)/;
const SAVE = /^(Save|Сохранить)$/;
const BAD_PHONE =
  /^(Please enter a valid phone number with an international country code|Введите корректный номер телефона с международным кодом страны)$/;

/** A phone the server refuses: its word at the field, the phone typed kept; then saved. */
export const PhoneRefusedThenSaved: Story = {
  render: () => <LiveProfileForm />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const phone = await canvas.findByLabelText(PHONE, { selector: 'input' });
    await userEvent.type(phone, '+7 000 000-00-00');
    await userEvent.click(canvas.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(errorAt(phone)).toMatch(BAD_PHONE));
    await expect(phone).toHaveValue('+7 000 000-00-00');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+7 495 123-45-67');
    await userEvent.click(canvas.getByRole('button', { name: SAVE }));
    await canvas.findByText(/^(Changes saved|Изменения сохранены)$/);
    await expect(phone).toHaveValue('+7 495 123-45-67');
  },
};
