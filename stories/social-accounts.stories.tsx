import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import {
  socialAccountsMachine,
  type SocialAccountsContext,
} from '../machines/social-accounts.machine.ts';
import { SocialAccountsView } from '../src/views/profile/social-accounts.view.tsx';
import { githubLink, yandexLink } from '../test/fixtures/security.ts';

type Value = SnapshotFrom<typeof socialAccountsMachine>['value'];
interface Args {
  value: Value;
  context: SocialAccountsContext;
}

const yandex = yandexLink;
const github = githubLink;
const linked: SocialAccountsContext = { accounts: [yandex, github], provider: null, error: null };

/** The social accounts block of /profile: every state of its machine. */
const meta = {
  title: 'Flows/Profile/Social accounts',
  render: ({ value, context }) => (
    <SocialAccountsView
      snapshot={socialAccountsMachine.resolveState({ value, context })}
      send={() => {}}
      linkHref={(p) => `#link-${p}`}
    />
  ),
  args: { value: 'ready', context: linked },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const LoadFailed: Story = { args: { value: 'loadFailed' } };
export const NoneLinked: Story = { args: { context: { ...linked, accounts: [] } } };
export const TwoLinked: Story = {};
export const Unlinking: Story = {
  args: { value: 'unlinking', context: { ...linked, provider: 'github' } },
};
export const LastWayToSignIn: Story = {
  args: { context: { accounts: [yandex], provider: 'yandex', error: 'last_sign_in_method' } },
};
