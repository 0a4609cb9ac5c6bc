import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useDeferredValue, useState } from 'react';
import type { CardValues, Leaving } from '../../../machines/checkout.machine.ts';
import type { UpdateQuery } from '../../../machines/update-query.ts';
import { inspect } from '../../flows/inspect.ts';
import {
  liveSubscriptionUpdateMachine,
  subscriptionUpdateInput,
} from '../../flows/subscription-update.flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import { CheckoutScreen, type CheckoutScreenProps } from './checkout-screen.tsx';
import { UpdateView } from './subscription-update.view.tsx';

export interface UpdateScreenProps {
  query: UpdateQuery;
  /** The signed-in user's details, offered in the card payer's form. */
  payer: CardValues;
  locale: Locale;
  /** Going back from the checkout: the page clears plan and period from the address. */
  onQueryCleared: () => void;
  onLeave: (leaving: Leaving) => void;
  /** Tests swap the effects. */
  machines?: {
    page: typeof liveSubscriptionUpdateMachine;
    checkout?: CheckoutScreenProps['machines'];
  };
}

/** /subscription/update: the page machine, and the checkout of the chosen plan. */
export function UpdateScreen({
  query,
  payer,
  locale,
  onQueryCleared,
  onLeave,
  machines,
}: UpdateScreenProps) {
  // The address as the page opened: going back from the checkout clears it, the page stays.
  const [opened] = useState(query);
  // The machine takes its input once, as it starts: the subscription and the plans, when
  // the page brought them, draw at once (decision 0034).
  const page = useActorRef(machines?.page ?? liveSubscriptionUpdateMachine, {
    input: subscriptionUpdateInput(opened),
    inspect,
  });
  // A machine's change draws at once, in one task; this page's (its data arriving, the
  // checkout opening) draws deferred, in short slices (decision 0009).
  const snapshot = useDeferredValue(useSelector(page, (s) => s));
  const onBack = useCallback(() => {
    page.send({ type: 'checkout.back' });
    onQueryCleared();
  }, [page, onQueryCleared]);
  const { data, selected, period } = snapshot.context;
  return (
    <UpdateView
      snapshot={snapshot}
      send={page.send}
      locale={locale}
      checkout={
        data &&
        selected && (
          <CheckoutScreen
            key={`${selected}-${period}`}
            plan={selected}
            period={period}
            plans={data.plans.plans}
            subscription={data.subscription}
            payer={payer}
            locale={locale}
            onBack={onBack}
            onLeave={onLeave}
            {...(machines?.checkout && { machines: machines.checkout })}
          />
        )
      }
    />
  );
}
