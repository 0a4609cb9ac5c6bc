import { Alert, Box, Card, chakra, Stack, Text } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type { AvailablePlan, Subscription } from '../../../contract/billing.ts';
import type {
  CardValues,
  CheckoutEvent,
  checkoutMachine,
  PayerType,
} from '../../../machines/checkout.machine.ts';
import type { PromoEvent, promoCodeMachine } from '../../../machines/promo-code.machine.ts';
import { planPrice } from '../../../machines/subscription-update.machine.ts';
import { planNames } from '../../components/plan-names.ts';
import { contactEmail } from '../../components/site.ts';
import { formatDate } from '../../i18n/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import { daysCount } from '../../i18n/plurals.ts';
import type { Locale } from '../../i18n/locale.ts';
import { freeRestrictions, miniRestrictions } from './features.ts';
import { priceLabel } from './money.ts';
import { CardFormView, EntityFormView } from './payer-forms.view.tsx';
import { PromoCodeView } from './promo-code.view.tsx';

export interface CheckoutViewProps {
  snapshot: SnapshotFrom<typeof checkoutMachine>;
  send: (event: CheckoutEvent) => void;
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

/** Invoices are for Russian legal entities, and only where the server takes them. */
function invoicesOffered(locale: Locale, entityOrders: boolean): boolean {
  return locale === 'ru' && entityOrders;
}

/**
 * Whether the plan's invoice reaches the minimum (docs/decisions/0305): an invoice is
 * for a year, in roubles, so the yearly rouble price is what is compared.
 */
export function invoiceReachesMinimum(
  plan: AvailablePlan | undefined,
  minimum: number | null,
): boolean {
  if (!plan || minimum === null) return false;
  const { price } = planPrice(plan, 'yearly');
  return price.currency === 'rub' && price.amount >= minimum;
}

/**
 * The payer type the page shows: an invoice chosen on the Russian page is not offered
 * once the language changes to English, or for a plan below the invoice minimum, so the
 * card form shows instead of nothing.
 */
function payerTypeShown(
  chosen: PayerType,
  locale: Locale,
  entityOrders: boolean,
  reachesMinimum: boolean,
): PayerType {
  return invoicesOffered(locale, entityOrders) && reachesMinimum ? chosen : 'individual';
}

/** The checkout of the selected plan: summary, then cancel (free) or the payer's form. */
export function CheckoutView(props: CheckoutViewProps) {
  const { snapshot, send, promo, plan, subscription, locale, entityOrders, invoiceMinimum } = props;
  const { onBack } = props;
  const { t, i18n } = useLingui();
  const { plan: id, nextExpire, additionalDays } = snapshot.context;
  const reachesMinimum = invoiceReachesMinimum(plan, invoiceMinimum);
  const payerType = payerTypeShown(
    snapshot.context.payerType,
    locale,
    entityOrders,
    reachesMinimum,
  );
  const free = id === 'free';
  // An invoice always pays a year, whichever period was chosen.
  const invoice = payerType === 'entity';
  const period = invoice ? 'yearly' : snapshot.context.period;
  const base = plan ? planPrice(plan, period) : null;
  // A code the checkout refused (used up since it was applied) gives no discount.
  const couponRefused = snapshot.context.serverErrors['coupon'] !== undefined;
  const applied = promo.matches('success') && !couponRefused ? promo.context.check : null;
  const price = applied ? applied.newPrice : base?.price;
  const old = applied ? applied.oldPrice : base?.old;
  const busy = snapshot.hasTag('busy');
  const restrictions = free
    ? freeRestrictions
    : subscription.plan === 'premium' && id === 'mini'
      ? miniRestrictions
      : null;
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
        {snapshot.matches('preparing') && <Busy quiet label={t`Loading…`} />}
        {snapshot.matches('unavailable') && (
          <RetryAlert
            message={t`Couldn't prepare the checkout. Please try again.`}
            onRetry={() => send({ type: 'checkout.retry' })}
          />
        )}
        {!snapshot.matches('preparing') &&
          !snapshot.matches('unavailable') &&
          (free ? (
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
          ) : (
            <PaidCheckout
              {...props}
              price={price ? priceLabel(price.amount, price.currency, period) : ''}
              amount={price ? formatMoney(price.amount, price.currency) : ''}
              discount={
                applied
                  ? applied.discount
                  : base?.old
                    ? Math.round((1 - base.price.amount / base.old.amount) * 100)
                    : null
              }
              nextPayment={
                !invoice && nextExpire && price ? (
                  <Text>
                    {t`Next payment: ${formatMoney(price.amount, price.currency)} on ${formatDate(nextExpire, locale)}`}
                    {additionalDays
                      ? ` · ${t`Remaining time of your plan adds ${daysCount(additionalDays)}`}`
                      : ''}
                  </Text>
                ) : null
              }
            />
          ))}
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
  price,
  amount,
  discount,
  nextPayment,
}: CheckoutViewProps & {
  price: string;
  amount: string;
  discount: number | null;
  nextPayment: ReactNode;
}) {
  const { t } = useLingui();
  const { serverErrors, countries } = snapshot.context;
  const reachesMinimum = invoiceReachesMinimum(plan, invoiceMinimum);
  const payerType = payerTypeShown(
    snapshot.context.payerType,
    locale,
    entityOrders,
    reachesMinimum,
  );
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
