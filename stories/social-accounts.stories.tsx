import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  socialAccountsMachine,
  type SocialAccountsContext,
} from '../machines/social-accounts.machine.ts';
import { SocialAccountsView } from '../src/views/profile/social-accounts.view.tsx';
import { githubLink, yandexLink } from '../test/fixtures/security.ts';
import { LiveView } from './live.tsx';

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

/**
 * The block on a live machine, the server stood in for: two links, of which the server
 * lets `unlinkable` go and refuses the other as the last way to sign in.
 */
function LiveSocialAccounts({ unlinkable }: { unlinkable: 'github' | 'yandex' }) {
  const machine = socialAccountsMachine.provide({
    actors: {
      loadAccounts: fromPromise(async () => [yandex, github]),
      unlinkAccount: fromPromise<void, 'yandex' | 'google' | 'github'>(async ({ input }) => {
        if (input !== unlinkable) {
          throw Object.assign(new Error('refused'), { code: 'last_sign_in_method' });
        }
      }),
    },
  });
  return (
    <LiveView machine={machine}>
      {(props) => <SocialAccountsView {...props} linkHref={(p) => `#link-${p}`} />}
    </LiveView>
  );
}

/** Unlinking GitHub takes it off the list and offers it to link again. */
export const UnlinkOne: Story = {
  render: () => <LiveSocialAccounts unlinkable="github" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: /GitHub/ }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await expect(canvas.getByRole('link', { name: /GitHub/ })).toHaveAttribute(
      'href',
      '#link-github',
    );
  },
};

/** The server refuses the last way to sign in: the link stays, and the refusal is said. */
export const UnlinkRefused: Story = {
  render: () => <LiveSocialAccounts unlinkable="github" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: /Yandex/ }));
    await canvas.findByText(
      /Link another account or set a password first|привяжите другой аккаунт/,
    );
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};
