import { useLingui } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Webgis } from '../contract/webgis.ts';
import { webgisSettingsMachine } from '../machines/webgis-settings.machine.ts';
import { isLocale } from '../src/i18n/locale.ts';
import { SettingsView } from '../src/views/webgis/webgis-settings.view.tsx';
import { demoLocations, demoWebgis } from '../test/fixtures/webgis.ts';

interface Args {
  value: SnapshotFrom<typeof webgisSettingsMachine>['value'];
  webgis: Webgis | null;
  showSuccess: boolean;
}

const instance = (state: Webgis['state'], plan: Webgis['plan'] = 'free') =>
  demoWebgis(state, { plan });

/** The page locale follows the story's language, as the address does in the app. */
function Page({ value, webgis, showSuccess }: Args) {
  const { i18n } = useLingui();
  return (
    <SettingsView
      snapshot={webgisSettingsMachine.resolveState({ value, context: { webgis, showSuccess } })}
      send={() => {}}
      email="ann@example.com"
      locale={isLocale(i18n.locale) ? i18n.locale : 'en'}
    />
  );
}

/** /webgis: every state of the webgis-settings machine, and the success modal per plan. */
const meta = {
  title: 'Flows/Web GIS',
  render: (args) => <Page {...args} />,
  args: { value: { shown: 'ready' }, webgis: instance('started'), showSuccess: false },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading', webgis: null } };
export const Unavailable: Story = { args: { value: 'unavailable', webgis: null } };
export const Absent: Story = { args: { value: 'absent', webgis: null } };
export const BeingCreated: Story = {
  args: { value: { shown: 'creating' }, webgis: instance('wait_for_create') },
};
export const Ready: Story = {};
/** Premium changes the plan instead of upgrading; a Russian instance in Moscow. */
export const ReadyOnPremium: Story = {
  args: {
    webgis: demoWebgis('started', {
      plan: 'premium',
      language: 'ru',
      location: demoLocations[1],
    }),
  },
};
export const CreatedOnFree: Story = { args: { showSuccess: true } };
export const CreatedOnMini: Story = {
  args: { showSuccess: true, webgis: instance('started', 'mini') },
};
export const CreatedOnPremium: Story = {
  args: { showSuccess: true, webgis: instance('started', 'premium') },
};
export const Blocked: Story = {
  args: { value: { shown: 'blocked' }, webgis: instance('disabled'), showSuccess: true },
};
export const Failed: Story = { args: { value: { shown: 'failed' }, webgis: instance('error') } };
