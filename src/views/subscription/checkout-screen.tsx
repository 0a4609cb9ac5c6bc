import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AvailablePlan, Interval, Subscription } from '../../../contract/billing.ts';
import type { PlanId } from '../../../contract/profile.ts';
import type { CardValues, Leaving } from '../../../machines/checkout.machine.ts';
import { inspect } from '../../flows/inspect.ts';
import { liveCheckoutMachine, livePromoCodeMachine } from '../../flows/subscription-update.flow.ts';
import { focusFirstError } from '../../forms/focus.ts';
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
  machines = { checkout: liveCheckoutMachine, promo: livePromoCodeMachine },
}: CheckoutScreenProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const available = plans.find((p) => p.id === plan);
  const currency = available?.monthlyPrice.currency ?? subscription.currency;
  const checkout = useActorRef(machines.checkout, {
    input: { plan, period, autopayment: subscription.autopayment },
    inspect,
  });
  const promo = useActorRef(machines.promo, { input: { plan, period, currency }, inspect });
  const snapshot = useSelector(checkout, (s) => s);
  const promoSnapshot = useSelector(promo, (s) => s);

  useEffect(() => {
    const failed = checkout.on('validationFailed', () => focusFirstError(formRef.current));
    return () => failed.unsubscribe();
  }, [checkout]);
  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output) onLeave(snapshot.output);
  }, [snapshot.status, snapshot.output, onLeave]);

  return (
    <CheckoutView
      snapshot={snapshot}
      send={checkout.send}
      promo={promoSnapshot}
      sendPromo={promo.send}
      plan={available}
      subscription={subscription}
      payer={payer}
      locale={locale}
      onBack={onBack}
      formRef={formRef}
    />
  );
}
