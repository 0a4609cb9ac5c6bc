import type { Meta, StoryObj } from '@storybook/react-vite';
import { signupDetailsMachine, type DetailsContext } from '../machines/signup-details.machine.ts';
import { DetailsView } from '../src/views/signup/signup-details.view.tsx';
import { refusedAt } from './args.ts';
import { renderState, type StateArgs } from './state.tsx';

type Value = 'loading' | 'unavailable' | 'editing' | 'submitting' | 'sessionLost' | 'done';
type Args = StateArgs<typeof signupDetailsMachine, Value>;

const base: DetailsContext = {
  locale: 'en',
  countries: [
    { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
    { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
    { code: 'US', name_en: 'United States', name_ru: 'США' },
  ],
  country: 'DE',
  serverErrors: {},
  tokenError: null,
  next: '/en/profile',
};

/** Sign-up step 2 (/signup/2): one story per state of the details machine. */
const meta = {
  title: 'Flows/Sign up details',
  render: renderState(signupDetailsMachine, DetailsView),
  args: { value: 'editing', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };

export const Unavailable: Story = { args: { value: 'unavailable' } };

export const Editing: Story = {};

export const NoCountryByIp: Story = { args: { context: { ...base, country: '' } } };

export const CountryNotFound: Story = {
  args: {
    context: refusedAt(base, 'country', 'country_not_found', 'Not available'),
  },
};

export const EmptyNames: Story = {
  args: {
    context: {
      ...base,
      serverErrors: {
        first_name: { field: 'first_name', code: 'empty_first_name', detail: 'Empty' },
        last_name: { field: 'last_name', code: 'empty_last_name', detail: 'Empty' },
      },
    },
  },
};

export const Submitting: Story = { args: { value: 'submitting' } };

export const SessionLost: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'token_expired' } },
};

export const Done: Story = { args: { value: 'done' } };
