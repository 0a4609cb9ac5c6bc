import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { Subscription } from '../../../contract/billing.ts';
import type { confirmMachine } from '../../../machines/confirm.machine.ts';
import type { ConfirmEvent } from '../../components/confirm-dialog.tsx';
import { ConfirmView } from '../../components/confirm.view.tsx';
import { planNames } from '../../components/plan-names.ts';
import { formatDate } from '../../../contract/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { priceLabel } from './money.ts';

export interface RestoreDialogViewProps {
  /** The confirm machine: the dialog is open while it is `asking`. */
  confirm: SnapshotFrom<typeof confirmMachine>;
  subscription: Subscription;
  locale: Locale;
  send: (event: ConfirmEvent) => void;
}

/** The restore confirmation (the confirm machine's 'asking'). */
export function RestoreDialogView({ confirm, subscription, locale, send }: RestoreDialogViewProps) {
  const { t, i18n } = useLingui();
  const plan = i18n._(planNames[subscription.plan]);
  // Section 9 writes euro as a sign before the amount and roubles after it; a dollar
  // price keeps its own sign here too (docs/decisions/0302).
  const price = priceLabel(subscription.price, subscription.currency, subscription.interval);
  const date = subscription.expire_at ? formatDate(subscription.expire_at, locale) : '';
  return (
    <ConfirmView
      snapshot={confirm}
      send={send}
      title={t`Restore subscription`}
      message={t`Restore your ${plan} subscription? The next payment of ${price} will be charged on ${date}.`}
      confirmLabel={t`Restore`}
      colorPalette="blue"
    />
  );
}
