import { Button, Stack, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { useLingui } from '@lingui/react/macro';
import type { Subscription } from '../../../contract/billing.ts';
import type { Outcome } from '../../../machines/subscription.machine.ts';
import { planNames } from '../../components/plan-names.ts';
import { contactEmail } from '../../components/site.ts';
import { formatDate } from '../../../contract/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { priceLabel } from './money.ts';

export interface OutcomeDialogViewProps {
  outcome: Outcome | null;
  subscription: Subscription | null;
  /**
   * The plan an invoice was requested for: the invoice dialog names it, not the current
   * plan, which stays as it is until the invoice is paid.
   */
  requestedPlan?: 'mini' | 'premium' | null;
  locale: Locale;
  onClose: () => void;
}

/** Section 4 outcome dialogs: what happened, the plan, the next payment and whom to ask. */
export function OutcomeDialogView({
  outcome,
  subscription,
  requestedPlan = null,
  locale,
  onClose,
}: OutcomeDialogViewProps) {
  const { t, i18n } = useLingui();
  const texts: Record<Outcome, { title: string; body: string }> = {
    created: { title: t`Subscription created`, body: t`Thank you! Your subscription is active.` },
    creation_failed: {
      title: t`Subscription not created`,
      body: t`The payment did not go through, so the subscription was not created.`,
    },
    updated: { title: t`Subscription updated`, body: t`Your plan has been changed.` },
    updating_failed: {
      title: t`Subscription not updated`,
      body: t`We couldn't change your plan: the payment did not go through.`,
    },
    cancel: {
      title: t`Subscription cancelled`,
      body: t`Your plan stays active until the end of the paid period, then moves to Free.`,
    },
    invoice_requested: {
      title: t`Invoice requested`,
      body: t`Invoices are sent within 2 working days.`,
    },
    restored: { title: t`Subscription restored`, body: t`Your subscription is active again.` },
    payment_failed: {
      title: t`Payment failed`,
      body: t`Please try again or contact the payment provider.`,
    },
    payment_canceled: { title: t`Payment cancelled`, body: t`Nothing was charged.` },
  };
  const text = outcome ? texts[outcome] : null;
  // An invoice changes nothing yet: its dialog tells the plan asked for, paid for a year.
  const invoice = outcome === 'invoice_requested';
  const paid = !invoice && subscription && subscription.plan !== 'free';
  const date = subscription?.expire_at ? formatDate(subscription.expire_at, locale) : null;
  const email = contactEmail();
  return (
    <Dialog.Frame
      open={outcome !== null}
      onClose={onClose}
      maxW="480px"
      title={text?.title}
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          {t`OK`}
        </Button>
      }
    >
      <Stack gap="row">
        <Text>{text?.body}</Text>
        {invoice && requestedPlan && (
          <Text>{t`Requested plan: ${i18n._(planNames[requestedPlan])}, paid for a year`}</Text>
        )}
        {!invoice && subscription && (
          <Text>{t`Plan: ${i18n._(planNames[subscription.plan])}`}</Text>
        )}
        {paid && !subscription.canceled_at && (
          <Text>
            {t`Next payment: ${priceLabel(subscription.price, subscription.currency, subscription.interval)}`}
            {date && ` · ${date}`}
          </Text>
        )}
        {paid && subscription.canceled_at && date && <Text>{t`Active until ${date}`}</Text>}
        <Text color="fg.muted">{t`Questions? Write to us at ${email}.`}</Text>
      </Stack>
    </Dialog.Frame>
  );
}
