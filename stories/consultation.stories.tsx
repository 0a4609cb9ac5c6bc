import { useLingui } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type {
  Consultation,
  ConsultationForm,
  ConsultationRequest,
} from '../contract/consultation.ts';
import { consultationMachine, type ConsultationContext } from '../machines/consultation.machine.ts';
import { errorMessages } from '../src/forms/messages.ts';
import { ConsultationView } from '../src/views/consultation/consultation.view.tsx';
import { consultationPrefill, consultationUser } from '../test/fixtures/consultation.ts';
import { FieldErrors } from '../machines/field-errors.ts';
import { errorAt, LiveView } from './live.tsx';

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

/**
 * The form on a live machine, prefilled from Anna's profile; the server refuses
 * `anna@example.invalid` as an address and takes any other request.
 */
function LiveConsultation() {
  const machine = consultationMachine.provide({
    actors: {
      sendConsultation: fromPromise<Consultation, ConsultationRequest>(async ({ input }) => {
        if (input.email === 'anna@example.invalid') {
          throw new FieldErrors([{ field: 'email', code: 'email', detail: 'email' }]);
        }
        return { id: 1, created_at: '2026-11-27T10:00:00Z' };
      }),
    },
  });
  return (
    <LiveView machine={machine} input={{ user: consultationUser, language: 'en' }}>
      {(props) => <ConsultationView {...props} />}
    </LiveView>
  );
}

const NAME = /^(Name|Имя)/;
const EMAIL = /^(Email|Эл\. почта)/;
const SEND = /^(Send request|Отправить запрос)$/;

/** A name left empty: the rule shows at the field when sent; the other fields keep their values. */
export const NameLeftEmpty: Story = {
  render: () => <LiveConsultation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText(NAME, { selector: 'input' });
    await expect(name).toHaveValue('Anna Petrova');
    await userEvent.clear(name);
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await waitFor(() =>
      expect(errorAt(name)).toMatch(/^(This field is required|Это поле обязательно)$/),
    );
    await expect(canvas.getByLabelText(EMAIL, { selector: 'input' })).toHaveValue(
      'anna@example.com',
    );
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** The server refuses the address at its field; then a good one sends, and the answer names it. */
export const RefusedThenSent: Story = {
  render: () => <LiveConsultation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByLabelText(EMAIL, { selector: 'input' });
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@example.invalid');
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await waitFor(() =>
      expect(errorAt(email)).toMatch(
        /^(Please enter a valid email address|Введите корректный адрес эл\. почты)$/,
      ),
    );
    await expect(email).toHaveValue('anna@example.invalid');
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@example.org');
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('anna@example.org');
  },
};
