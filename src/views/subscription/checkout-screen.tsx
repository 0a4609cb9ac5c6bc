import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AvailablePlan, Interval, Subscription } from '../../../contract/billing.ts';
import type { PlanId } from '../../../contract/profile.ts';
import type { CardValues, Leaving } from '../../../machines/checkout.machine.ts';
import { useDrawnWhenReady } from '../../components/drawn-when-ready.ts';
import { entityOrdersEnabled, invoiceMinimumRub } from '../../components/site.ts';
import { inspect } from '../../flows/inspect.ts';
import { checkoutInput, liveCheckoutMachine } from '../../flows/checkout.flow.ts';
import { livePromoCodeMachine } from '../../flows/promo-code.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import { CheckoutView } from './checkout.view.tsx';

export interface CheckoutScreenProps {
  plan: PlanId;
  period: Interval;
  plans: AvailablePlan[];
  subscription: Subscription;
  payer: CardValues;
  locale: Locale;
  onBack: () => void;
  onLeave: (leaving: Leaving) => void;
  /** Invoices for legal entities (ru only); the page says whether the server takes them. */
  entityOrders?: boolean;
  /** The smallest invoice in roubles; the page says what the server enforces. */
  invoiceMinimum?: number | null;
  machines?: { checkout: typeof liveCheckoutMachine; promo: typeof livePromoCodeMachine };
}

/** The checkout and its promo code, a machine each; leaving hands the address to the page. */
export function CheckoutScreen({
  plan,
  period,
  plans,
  subscription,
  payer,
  locale,
  onBack,
  onLeave,
  entityOrders = entityOrdersEnabled(),
  invoiceMinimum = invoiceMinimumRub(),
  machines = { checkout: liveCheckoutMachine, promo: livePromoCodeMachine },
}: CheckoutScreenProps) {
  const available = plans.find((p) => p.id === plan);
  const currency = available?.monthlyPrice.currency ?? subscription.currency;
  const {
    actorRef: checkout,
    snapshot,
    formRef,
  } = useFormFlow(machines.checkout, {
    // What the page brought (or nothing to load, for the free plan) starts it ready.
    input: checkoutInput({
      plan,
      period,
      autopayment: subscription.autopayment,
      pendingPayment: subscription.autopayment_status === 'pending',
    }),
    onDone: (leaving) => {
      if (leaving) onLeave(leaving);
    },
  });
  const promo = useActorRef(machines.promo, { input: { plan, period, currency }, inspect });
  const promoSnapshot = useSelector(promo, (s) => s);
  // Back from the provider's page: the open payment's code is applied again, as it was.
  const resumed = snapshot.context.resumed ?? null;
  useEffect(() => {
    if (!resumed?.coupon) return;
    promo.send({ type: 'promo.edit', code: resumed.coupon });
    promo.send({ type: 'promo.apply' });
  }, [resumed, promo]);
  // The form first draws in a transition once the checkout's data is there, as the
  // profile's sections do; until then the first snapshot shows what is being prepared.
  // A checkout that starts ready (its data given) draws its form at once.
  const [first] = useState(snapshot);
  const drawn = useDrawnWhenReady(!snapshot.matches('preparing'));

  return (
    <CheckoutView
      snapshot={drawn ? snapshot : first}
      send={checkout.send}
      promo={promoSnapshot}
      sendPromo={promo.send}
      plan={available}
      subscription={subscription}
      payer={resumed?.payer ?? payer}
      locale={locale}
      entityOrders={entityOrders}
      invoiceMinimum={invoiceMinimum}
      onBack={onBack}
      formRef={formRef}
    />
  );
}
