import { Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { Payment, PaymentStatus } from '../../../contract/billing.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { paymentHistoryMachine } from '../../../machines/payment-history.machine.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { planNames } from '../../components/plan-names.ts';
import { TitledSection } from '../../components/titled.tsx';
import { formatDate } from '../../../contract/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import type { MachineViewProps } from '../machine-view.ts';
import { NewTabNote } from '../new-tab.tsx';
import { SectionLoadingView } from '../profile/section-loading.view.tsx';

export interface PaymentHistoryViewProps extends MachineViewProps<typeof paymentHistoryMachine> {
  locale: Locale;
}

const STATUS_COLORS: Record<PaymentStatus, string> = {
  paid: 'green',
  failed: 'red',
  invoice_requested: 'gray',
};

/**
 * "Payment history" on /subscription: each payment and invoice request, newest first,
 * with its plan, amount, discount, how it was paid and its status; a paid one links its
 * receipt (a PDF in the page's language, in a new tab). Show more loads the next page.
 */
export function PaymentHistoryView({ snapshot, send, locale }: PaymentHistoryViewProps) {
  const { t, i18n } = useLingui();
  const title = t`Payment history`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title} align="flex-start">
        <Text color="fg.error">{t`Couldn't load your payment history.`}</Text>
        <Button onClick={() => send({ type: 'payments.retry' })}>{t`Try again`}</Button>
      </TitledSection>
    );
  }
  const statuses: Record<PaymentStatus, string> = {
    paid: t`Paid`,
    failed: t`Failed`,
    invoice_requested: t`Invoice requested`,
  };
  const providers: Record<Payment['provider'], string> = {
    stripe: t`Card, Stripe`,
    yookassa: t`Card, YooKassa`,
    invoice: t`Invoice`,
  };
  const intervals: Record<Payment['interval'], string> = {
    monthly: t`monthly`,
    yearly: t`yearly`,
  };
  const { payments, nextPage } = snapshot.context;
  const more = snapshot.matches('loadingMore');
  const moreFailed = snapshot.matches('moreFailed');
  return (
    <TitledSection title={title} align="stretch">
      {payments.length === 0 ? (
        <Text color="fg.muted">{t`No payments yet.`}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="4">
          {payments.map((payment) => {
            const plan = i18n._(planNames[payment.plan]);
            const amount = formatMoney(payment.amount, payment.currency);
            const discount = formatMoney(payment.discount, payment.currency);
            const { coupon } = payment;
            const period =
              payment.period_start && payment.period_end
                ? `${formatDate(payment.period_start, locale)} – ${formatDate(payment.period_end, locale)}`
                : null;
            return (
              <Stack as="li" key={payment.id} gap="0.5">
                <Stack direction="row" align="center" gap="2" wrap="wrap">
                  <Text fontWeight="semibold">
                    {plan}, {intervals[payment.interval]} · {amount}
                  </Text>
                  <Badge colorPalette={STATUS_COLORS[payment.status]}>
                    {statuses[payment.status]}
                  </Badge>
                </Stack>
                {payment.discount > 0 && (
                  <Text textStyle="caption">{t`Promo code ${coupon}: −${discount}`}</Text>
                )}
                <Text textStyle="caption">
                  <time dateTime={payment.created_at}>
                    {formatDate(payment.created_at, locale)}
                  </time>
                  {` · ${providers[payment.provider]}`}
                  {period && ` · ${t`Period: ${period}`}`}
                </Text>
                {payment.receipt_url && (
                  <Link
                    href={`${payment.receipt_url}?locale=${locale}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="underline"
                    colorPalette="blue"
                    alignSelf="flex-start"
                  >
                    {t`Receipt (PDF)`}
                    <NewTabNote />
                  </Link>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      {moreFailed && <Text color="fg.error">{t`Couldn't load more payments.`}</Text>}
      {(nextPage !== null || moreFailed) && (
        <Button
          variant="outline"
          alignSelf="flex-start"
          loading={more}
          onClick={() => send({ type: 'payments.more' })}
        >
          {moreFailed ? t`Try again` : t`Show more`}
        </Button>
      )}
    </TitledSection>
  );
}
