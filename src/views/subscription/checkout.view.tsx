import { Alert, Box, Card, chakra, Stack, Text } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type {
  AvailablePlan,
  PlanChangeCostAnswer,
  Subscription,
} from '../../../contract/billing.ts';
import type { CardValues, checkoutMachine, PayerType } from '../../../machines/checkout.machine.ts';
import type { PromoEvent, promoCodeMachine } from '../../../machines/promo-code.machine.ts';
import {
  checkoutFigures,
  checkoutScreen,
  invoiceReachesMinimum,
  invoicesOffered,
} from '../../../machines/checkout.select.ts';
import { planNames } from '../../components/plan-names.ts';
import { contactEmail } from '../../components/site.ts';
import { formatDate } from '../../../contract/dates.ts';
import { formatMoney } from '../../../contract/money.ts';
import { daysCount } from '../../i18n/plurals.ts';
import type { Locale } from '../../i18n/locale.ts';
import { freeRestrictions, miniRestrictions } from './features.ts';
import { priceLabel } from './money.ts';
import { CardFormView, EntityFormView } from './payer-forms.view.tsx';
import { PromoCodeView } from './promo-code.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

const RESTRICTIONS = { free: freeRestrictions, mini: miniRestrictions };

export interface CheckoutViewProps extends MachineViewProps<typeof checkoutMachine> {
  promo: SnapshotFrom<typeof promoCodeMachine>;
  sendPromo: (event: PromoEvent) => void;
  plan: AvailablePlan | undefined;
  subscription: Subscription;
  /** The signed-in user's details; the card form starts with them. */
  payer: CardValues;
  locale: Locale;
  /** The payer-type choice shows in Russian when invoices are taken. */
  entityOrders: boolean;
  /**
   * The smallest invoice in roubles, as the server enforces it (null: not known, so no
   * plan is invoiced). A plan whose year costs less is not offered for an invoice.
   */
  invoiceMinimum: number | null;
  onBack: () => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The checkout of the selected plan: summary, then cancel (free) or the payer's form. */
export function CheckoutView(props: CheckoutViewProps) {
  const { snapshot, send, promo, plan, subscription, locale, entityOrders, invoiceMinimum } = props;
  const { onBack } = props;
  const { t, i18n } = useLingui();
  const { plan: id, nextExpire, additionalDays, cost } = snapshot.context;
  const figures = checkoutFigures({
    context: snapshot.context,
    promo: promo.matches('success') ? promo.context.check : null,
    plan,
    subscription,
    locale,
    entityOrders,
    invoiceMinimum,
  });
  const { period, price, old, discount } = figures;
  const free = id === 'free';
  const busy = snapshot.hasTag('busy');
  const restrictions = figures.restrictions && RESTRICTIONS[figures.restrictions];
  const below = (() => {
    switch (checkoutScreen(snapshot.value, id)) {
      case 'preparing':
        return <Busy quiet label={t`Loading…`} />;
      case 'unavailable':
        return (
          <RetryAlert
            message={t`Couldn't prepare the checkout. Please try again.`}
            onRetry={() => send({ type: 'checkout.retry' })}
          />
        );
      case 'cancel':
        return (
          <Stack gap="4">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                {t`If your data exceeds the limits of the Free plan, your Web GIS will be blocked.`}
              </Alert.Title>
            </Alert.Root>
            <Stack direction="row" gap="3" flexWrap="wrap">
              <Button
                colorPalette="red"
                loading={busy}
                disabled={busy}
                onClick={() => send({ type: 'subscription.cancel' })}
              >
                {t`Cancel subscription`}
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/$locale/subscription" params={{ locale }}>
                  {t`Go back`}
                </RouterLink>
              </Button>
            </Stack>
          </Stack>
        );
      case 'pay':
        return (
          <PaidCheckout
            {...props}
            payerType={figures.payerType}
            price={price ? priceLabel(price.amount, price.currency, period) : ''}
            amount={price ? formatMoney(price.amount, price.currency) : ''}
            discount={discount}
            nextPayment={
              figures.payerType === 'individual' && cost ? (
                <ChangeCostView cost={cost} locale={locale} />
              ) : figures.payerType === 'individual' && nextExpire && price ? (
                <Text>
                  {t`Next payment: ${formatMoney(price.amount, price.currency)} on ${formatDate(nextExpire, locale)}`}
                  {additionalDays
                    ? ` · ${t`Remaining time of your plan adds ${daysCount(additionalDays)}`}`
                    : ''}
                </Text>
              ) : null
            }
          />
        );
    }
  })();
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Stack direction="row" justify="space-between" align="baseline" flexWrap="wrap">
          <Text textStyle="lead">
            {t`You selected`}: <strong>{i18n._(planNames[id])}</strong>
            {price && !free && (
              <>
                {' '}
                {old && (
                  <Text as="s" color="fg.muted" me="1">
                    {formatMoney(old.amount, old.currency)}
                  </Text>
                )}
                {priceLabel(price.amount, price.currency, period)}
              </>
            )}
          </Text>
          {!free && (
            <Button variant="plain" colorPalette="blue" onClick={onBack}>
              {t`Change plan`}
            </Button>
          )}
        </Stack>
        {restrictions && (
          <Box>
            <Text fontWeight="semibold">{t`Your plan will have these restrictions:`}</Text>
            <Box as="ul" ps="4" listStyleType="disc">
              {restrictions.map((r) => (
                <li key={r.id}>{i18n._(r)}</li>
              ))}
            </Box>
          </Box>
        )}
        {below}
      </Card.Body>
    </Card.Root>
  );
}

function PaidCheckout({
  snapshot,
  send,
  promo,
  sendPromo,
  subscription,
  payer,
  plan,
  locale,
  entityOrders,
  invoiceMinimum,
  formRef,
  payerType,
  price,
  amount,
  discount,
  nextPayment,
}: CheckoutViewProps & {
  payerType: PayerType;
  price: string;
  amount: string;
  discount: number | null;
  nextPayment: ReactNode;
}) {
  const { t } = useLingui();
  const { serverErrors, countries } = snapshot.context;
  const reachesMinimum = invoiceReachesMinimum(plan, invoiceMinimum);
  const busy = snapshot.hasTag('busy');
  const contact = contactEmail();
  const offersInvoice = invoicesOffered(locale, entityOrders);
  const minimum = invoiceMinimum === null ? '' : formatMoney(invoiceMinimum, 'rub');
  // What is paid, kept apart from the form: the total, the discount and the next payment.
  const summary = (
    <Stack
      as="section"
      aria-label={t`Order summary`}
      gap="1"
      p="4"
      borderRadius="l2"
      bg="bg.muted"
      textStyle="caption"
    >
      <Text textStyle="card-title">{t`Total: ${price}`}</Text>
      {discount ? <Text color="green.fg">{t`Discount: ${discount}%`}</Text> : null}
      {nextPayment}
    </Stack>
  );
  const footer = (
    <Text mt="4" textStyle="caption" color="fg.muted">
      {payerType === 'entity'
        ? t`By clicking Request invoice you agree to the terms of service.`
        : t`By clicking Pay you agree to the terms of service and to automatic renewal of the subscription.`}
    </Text>
  );
  return (
    <Stack gap="4">
      {summary}
      <Text
        textStyle="caption"
        color="fg.muted"
      >{t`Contact information: questions about payment — ${contact}`}</Text>
      {offersInvoice && (
        <Stack gap="1">
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            gap="2"
            role="group"
            aria-label={t`Payer type`}
          >
            {(['individual', 'entity'] as const).map((type) => (
              <Button
                key={type}
                colorPalette="blue"
                variant={payerType === type ? 'solid' : 'outline'}
                aria-pressed={payerType === type}
                // Below the minimum an invoice is not offered; the reason shows beneath.
                disabled={type === 'entity' && !reachesMinimum}
                aria-describedby={
                  type === 'entity' && !reachesMinimum ? 'invoice-minimum-reason' : undefined
                }
                onClick={() => {
                  send({ type: 'payerType.change', payerType: type });
                  if (type === 'entity') sendPromo({ type: 'promo.edit', code: '' });
                }}
              >
                {type === 'individual' ? t`Individual (card)` : t`Legal entity (invoice)`}
              </Button>
            ))}
          </Stack>
          {!reachesMinimum && (
            <Text id="invoice-minimum-reason" textStyle="caption" color="fg.muted">
              {minimum
                ? t`Payment by invoice is available for orders of ${minimum} or more.`
                : t`Payment by invoice is not available for this plan.`}
            </Text>
          )}
        </Stack>
      )}
      {payerType === 'individual' && !subscription.autopayment && (
        <PromoCodeView
          snapshot={promo}
          send={(event) => {
            sendPromo(event);
            if (event.type === 'promo.edit') send({ type: 'field.edit', field: 'coupon' });
          }}
          serverError={serverErrors['coupon']}
        />
      )}
      {/* Both forms stay mounted: switching the payer type back keeps what was typed. */}
      <chakra.div hidden={payerType !== 'individual'}>
        <CardFormView
          busy={busy}
          serverErrors={serverErrors}
          send={send}
          formRef={payerType === 'individual' ? formRef : undefined}
          footer={footer}
          amount={amount}
          payer={payer}
          countries={countries}
          coupon={promo.matches('success') ? promo.context.code.trim() : ''}
        />
      </chakra.div>
      {offersInvoice && reachesMinimum && (
        <chakra.div hidden={payerType !== 'entity'}>
          <EntityFormView
            busy={busy}
            serverErrors={serverErrors}
            send={send}
            formRef={payerType === 'entity' ? formRef : undefined}
            footer={footer}
            minimum={minimum}
          />
        </chakra.div>
      )}
    </Stack>
  );
}

/**
 * A change of the running autopayment, before it is charged: what is charged now, the
 * credit for the unused part of the current plan (and the days it adds), and the next
 * payment, as the server computed them.
 */
function ChangeCostView({ cost, locale }: { cost: PlanChangeCostAnswer; locale: Locale }) {
  const { t } = useLingui();
  const now = formatMoney(cost.charged_now, cost.currency);
  const credit = formatMoney(cost.credit.amount, cost.credit.currency);
  const next = formatMoney(cost.next_payment_amount, cost.currency);
  const date = formatDate(cost.next_payment_at, locale);
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{t`Charged now: ${now}`}</Text>
      {cost.credit.days > 0 && (
        <Text>
          {t`Credit for the unused part of your current plan: ${credit}, adds ${daysCount(cost.credit.days)}`}
        </Text>
      )}
      <Text>{t`Next payment: ${next} on ${date}`}</Text>
    </Stack>
  );
}
