import { subscriptionWidth } from './width.ts';
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import type { SnapshotFrom } from 'xstate';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type { confirmMachine } from '../../../machines/confirm.machine.ts';
import type { paymentStatusMachine } from '../../../machines/payment-status.machine.ts';
import type { ConfirmEvent } from '../../components/confirm-dialog.tsx';
import {
  canRestore,
  failedPayment,
  type subscriptionMachine,
} from '../../../machines/subscription.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { CurrentPlanView } from './current-plan.view.tsx';
import { OutcomeDialogView } from './outcome-dialog.view.tsx';
import { PaymentStatusView } from './payment-status.view.tsx';
import { RestoreDialogView } from './restore-dialog.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface SubscriptionViewProps extends MachineViewProps<typeof subscriptionMachine> {
  confirm: SnapshotFrom<typeof confirmMachine>;
  sendConfirm: (event: ConfirmEvent) => void;
  /** The page's payment-status child, drawn while the page polls; undefined until it starts. */
  payment?: SnapshotFrom<typeof paymentStatusMachine> | undefined;
  locale: Locale;
  /** The payment history, drawn under the plan once the page is loaded. */
  history?: ReactNode;
  /** The card autopayments charge, drawn under the plan while its autopayment runs. */
  card?: ReactNode;
}

/**
 * /subscription: a spinner while loading (or, while the payment status is polled, its
 * view), then the plan.
 */
export function SubscriptionView({
  snapshot,
  send,
  confirm,
  sendConfirm,
  payment,
  locale,
  history,
  card,
}: SubscriptionViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const { data, outcome, autopayment, query } = snapshot.context;
  const failure = failedPayment(autopayment);
  const body = (() => {
    switch (state) {
      case 'opening':
      case 'polling':
      case 'loading':
      case 'readingAutopayment':
        return snapshot.hasTag('waitingForPayment') ? (
          <PaymentStatusView snapshot={payment} />
        ) : (
          <Busy quiet label={t`Loading…`} />
        );
      case 'unavailable':
        return (
          <RetryAlert
            message={t`Couldn't load your subscription. Please try again.`}
            onRetry={() => send({ type: 'load.retry' })}
          />
        );
      case 'ready':
      case 'restoring':
      case 'showingOutcome':
        return data ? (
          <>
            {failure !== null && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t`Your last payment failed`}</Alert.Title>
                  <Alert.Description>
                    {failure && `${failure}. `}
                    {t`Please try again or contact the payment provider.`}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <CurrentPlanView
              subscription={data.subscription}
              restorable={canRestore(data.subscription, autopayment)}
              locale={locale}
              busy={state === 'restoring'}
              onRestore={() => sendConfirm({ type: 'confirm.ask' })}
            />
            <RestoreDialogView
              confirm={confirm}
              subscription={data.subscription}
              locale={locale}
              send={sendConfirm}
            />
            {data.subscription.autopayment_status === 'active' && card}
            {history}
          </>
        ) : null;
      default:
        return state satisfies never;
    }
  })();
  return (
    <TitledPage title={t`Subscription`} maxW={subscriptionWidth}>
      {body}
      <OutcomeDialogView
        outcome={state === 'showingOutcome' ? outcome : null}
        subscription={data?.subscription ?? null}
        requestedPlan={query.plan ?? null}
        locale={locale}
        onClose={() => send({ type: 'outcome.close' })}
      />
    </TitledPage>
  );
}
