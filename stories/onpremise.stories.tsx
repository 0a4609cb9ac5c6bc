import { useLingui } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Binding, OnpremiseErrorCode } from '../contract/onpremise.ts';
import { onpremiseMachine, type OnpremiseContext } from '../machines/onpremise.machine.ts';
import { onpremiseErrorMessages } from '../src/flows/onpremise-messages.ts';
import { OnpremiseView } from '../src/views/onpremise/onpremise.view.tsx';
import { initialContext } from './state.tsx';

interface Args {
  value: SnapshotFrom<typeof onpremiseMachine>['value'];
  context: Partial<OnpremiseContext>;
  /** A refusal of the server at the identifier field, in the story's language. */
  refusal?: Exclude<OnpremiseErrorCode, 'premium_required'>;
}

const office: Binding = {
  id: 2,
  identifier: 'K7QX-2M9D-PL4A-88ZC-W3NT-6RHE-B1YU-5FJS',
  label: 'Head office',
  bound_at: '2026-11-20T09:30:00.000Z',
};
const lab: Binding = {
  id: 1,
  identifier: 'A1B2-C3D4-E5F6-G7H8-J9K0-L1M2-N3P4-Q5R6',
  label: '',
  bound_at: '2026-10-02T14:00:00.000Z',
};
const many = [3, 4, 5].map((id) => ({
  ...lab,
  id,
  identifier: `Z${id}ZZ-0000-1111-2222-3333-4444-5555-666${id}`,
  label: `Branch ${id}`,
}));

const base: OnpremiseContext = {
  ...initialContext(onpremiseMachine),
  plan: { plan: 'premium', team_plan: null },
  bindings: [office, lab],
  max: 5,
};

/** The page locale follows the story's language, as the address does in the app. */
function Page({ value, context, refusal }: Args) {
  const { i18n } = useLingui();
  const serverErrors = refusal
    ? {
        identifier: {
          field: 'identifier',
          code: refusal,
          detail: i18n._(onpremiseErrorMessages[refusal]),
        },
      }
    : {};
  return (
    <OnpremiseView
      snapshot={onpremiseMachine.resolveState({
        value,
        context: { ...base, serverErrors, ...context },
      })}
      send={() => {}}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
    />
  );
}

const ready = { premium: { ready: { idle: 'quiet' } } } as const;

/** /myngidonpremises: every state of the onpremise machine. */
const meta = {
  title: 'Flows/On-premise',
  render: (args) => <Page {...args} />,
  args: { value: ready, context: {} },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading', context: { plan: null } } };
export const SubscriptionUnavailable: Story = {
  args: { value: 'unavailable', context: { plan: null } },
};
export const NotAvailable: Story = {
  args: { value: 'notAvailable', context: { plan: { plan: 'mini', team_plan: null } } },
};
export const LoadingIdentifiers: Story = {
  args: { value: { premium: 'loading' }, context: { bindings: [] } },
};
export const IdentifiersUnavailable: Story = {
  args: { value: { premium: 'failed' }, context: { bindings: [] } },
};
export const NoneBound: Story = { args: { context: { bindings: [] } } };
export const Bound: Story = {};
export const PremiumThroughTeam: Story = {
  args: { context: { plan: { plan: 'free', team_plan: 'premium' }, viaTeam: true } },
};
export const BindingInProgress: Story = {
  args: { value: { premium: { ready: 'binding' } } },
};
export const JustBound: Story = {
  args: { value: { premium: { ready: { idle: 'notified' } } }, context: { notice: 'bound' } },
};
export const IdentifierTaken: Story = { args: { refusal: 'identifier_taken' } };
export const IdentifierMalformed: Story = { args: { refusal: 'identifier' } };
export const LimitReachedMeanwhile: Story = { args: { refusal: 'binding_limit' } };
export const LimitReached: Story = {
  args: { context: { bindings: [...many, office, lab], full: true } },
};
export const ConfirmingUnbind: Story = {
  args: { value: { premium: { ready: 'confirming' } }, context: { pending: office } },
};
export const Unbinding: Story = {
  args: { value: { premium: { ready: 'unbinding' } }, context: { pending: office } },
};
export const JustUnbound: Story = {
  args: {
    value: { premium: { ready: { idle: 'notified' } } },
    context: { bindings: [lab], notice: 'unbound' },
  },
};
