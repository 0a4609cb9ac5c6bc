import { useLingui } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { WebgisErrorCode } from '../contract/webgis.ts';
import {
  webgisCreateMachine,
  type WebgisCreateContext,
} from '../machines/webgis-create.machine.ts';
import { webgisErrorMessages } from '../src/flows/webgis-messages.ts';
import { CreateView } from '../src/views/webgis/webgis-create.view.tsx';
import { demoLocations, demoWebgis } from '../test/fixtures/webgis.ts';

interface Args {
  value: SnapshotFrom<typeof webgisCreateMachine>['value'];
  context: Partial<WebgisCreateContext>;
  /** A refusal of the server at the domain field, in the story's language. */
  refusal?: WebgisErrorCode;
}

const creating = demoWebgis('wait_for_create');
const base: WebgisCreateContext = {
  language: 'en',
  defaultSubdomain: 'my-web-gis',
  domain: 'localhost',
  locations: demoLocations,
  request: null,
  webgis: null,
  existing: false,
  serverErrors: {},
};

/** The page locale follows the story's language, as the address does in the app. */
function Page({ value, context, refusal }: Args) {
  const { i18n } = useLingui();
  const serverErrors = refusal
    ? {
        subdomain_name: {
          field: 'subdomain_name',
          code: refusal,
          detail: i18n._(webgisErrorMessages[refusal]),
        },
      }
    : {};
  return (
    <CreateView
      snapshot={webgisCreateMachine.resolveState({
        value,
        context: { ...base, serverErrors, ...context },
      })}
      send={() => {}}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
    />
  );
}

/** /webgis/create: every state of the webgis-create machine. */
const meta = {
  title: 'Flows/Web GIS create',
  render: (args) => <Page {...args} />,
  args: { value: { form: 'editing' }, context: {} },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const OptionsUnavailable: Story = { args: { value: 'unavailable' } };
export const Editing: Story = {};
export const DomainRuleBroken: Story = { args: { refusal: 'domain' } };
export const NameTaken: Story = { args: { refusal: 'subdomain_taken' } };
export const Creating: Story = { args: { value: 'creating' } };
export const Polling: Story = {
  args: { value: { polling: 'waiting' }, context: { webgis: creating } },
};
export const CreationFailed: Story = {
  args: {
    value: { form: 'failed' },
    context: { webgis: { ...creating, state: 'error', state_transition: null } },
  },
};
export const Created: Story = { args: { value: 'created' } };
export const TimedOut: Story = { args: { value: 'timedOut', context: { webgis: creating } } };
/** The user has a web GIS already: the page goes on to /webgis/ (issue 31). */
export const AlreadyExists: Story = {
  args: {
    value: 'exists',
    context: { existing: true, webgis: { ...creating, state: 'started', state_transition: null } },
  },
};
