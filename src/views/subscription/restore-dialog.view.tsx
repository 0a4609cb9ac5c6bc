import { Button, Portal, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { useLingui } from '@lingui/react/macro';
import type { Subscription } from '../../../contract/billing.ts';
import { planNames } from '../../components/plan-names.ts';
import { formatDate } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locale.ts';
import { priceLabel } from './money.ts';

export type ConfirmEvent =
  { type: 'confirm.ask' } | { type: 'confirm.cancel' } | { type: 'confirm.accept' };

export interface RestoreDialogViewProps {
  open: boolean;
  subscription: Subscription;
  locale: Locale;
  send: (event: ConfirmEvent) => void;
}

/** The restore confirmation (the confirm machine's 'asking'). */
export function RestoreDialogView({ open, subscription, locale, send }: RestoreDialogViewProps) {
  const { t, i18n } = useLingui();
  const plan = i18n._(planNames[subscription.plan]);
  // Section 9 writes euro as a sign before the amount and roubles after it; a dollar
  // price keeps its own sign here too (docs/decisions/0302).
  const price = priceLabel(subscription.price, subscription.currency, subscription.interval);
  const date = subscription.expire_at ? formatDate(subscription.expire_at, locale) : '';
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(e) => {
        if (!e.open) send({ type: 'confirm.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="480px">
            <Dialog.Header>
              <Dialog.Title>{t`Restore subscription`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {t`Restore your ${plan} subscription? The next payment of ${price} will be charged on ${date}.`}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'confirm.cancel' })}>
                {t`Cancel`}
              </Button>
              <Button colorPalette="blue" onClick={() => send({ type: 'confirm.accept' })}>
                {t`Restore`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
