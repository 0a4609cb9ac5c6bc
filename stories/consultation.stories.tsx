import { useLingui } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { ConsultationForm } from '../contract/consultation.ts';
import { consultationMachine, type ConsultationContext } from '../machines/consultation.machine.ts';
import { errorMessages } from '../src/forms/messages.ts';
import { ConsultationView } from '../src/views/consultation/consultation.view.tsx';
import { consultationPrefill } from '../test/fixtures/consultation.ts';

interface Args {
  value: SnapshotFrom<typeof consultationMachine>['value'];
  context: Partial<ConsultationContext>;
  /** A refusal of the server at one field, in the story's language. */
  refusal?: { field: keyof ConsultationForm; code: 'email' | 'comment_too_long' };
}

const prefilled: ConsultationForm = consultationPrefill;

const base: ConsultationContext = {
  values: prefilled,
  language: 'en',
  request: null,
  serverErrors: {},
  sentTo: null,
};

function Block({ value, context, refusal }: Args) {
  const { i18n } = useLingui();
  const serverErrors = refusal
    ? {
        [refusal.field]: {
          field: refusal.field,
          code: refusal.code,
          detail: i18n._(errorMessages[refusal.code]),
        },
      }
    : {};
  return (
    <ConsultationView
      snapshot={consultationMachine.resolveState({
        value,
        context: { ...base, serverErrors, ...context },
      })}
      send={() => {}}
    />
  );
}

/** The on-premise page's consultation request: every state of the consultation machine. */
const meta = {
  title: 'Flows/Consultation request',
  render: (args) => <Block {...args} />,
  args: { value: 'editing', context: {} },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Prefilled from the profile. */
export const Prefilled: Story = {};
/** A profile that knows only the e-mail. */
export const MostlyEmpty: Story = {
  args: {
    context: {
      values: { ...prefilled, name: '', company: '', phone: '', industry: '' },
    },
  },
};
export const EmailRefused: Story = {
  args: { refusal: { field: 'email', code: 'email' } },
};
export const CommentTooLong: Story = {
  args: {
    context: { values: { ...prefilled, comment: 'x'.repeat(2001) } },
    refusal: { field: 'comment', code: 'comment_too_long' },
  },
};
export const Submitting: Story = {
  args: {
    value: 'submitting',
    context: { request: { ...prefilled, language: 'en' } },
  },
};
export const Sent: Story = {
  args: { value: 'sent', context: { sentTo: 'anna@example.com' } },
};
