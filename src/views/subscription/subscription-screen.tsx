import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlanId } from '../../../contract/profile.ts';
import type { PageQuery } from '../../../machines/subscription.machine.ts';
import { ConfirmRound } from '../../components/confirm-dialog.tsx';
import { inspect } from '../../flows/inspect.ts';
import { cardOnFileInput, liveCardOnFileMachine } from '../../flows/card-on-file.flow.ts';
import {
  livePaymentHistoryMachine,
  paymentHistoryInput,
} from '../../flows/payment-history.flow.ts';
import { liveSubscriptionMachine, subscriptionInput } from '../../flows/subscription.flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import { CardOnFileView } from './card-on-file.view.tsx';
import { PaymentHistoryView } from './payment-history.view.tsx';
import { SubscriptionView } from './subscription.view.tsx';

export interface SubscriptionScreenProps {
  query: PageQuery;
  locale: Locale;
  /**
   * Called once the query is no longer needed (the outcome is known): the page removes
   * it from the address. Until then a reload reads it again and polls again.
   */
  onQueryRead: () => void;
  /** The plan as loaded: the header's plan label follows a change made here. */
  onPlanLoaded?: (plan: PlanId) => void;
  machine?: typeof liveSubscriptionMachine;
  historyMachine?: typeof livePaymentHistoryMachine;
  /** The card setup the provider sent the user back from (`card_setup`), else null. */
  cardSetup?: string | null;
  cardMachine?: typeof liveCardOnFileMachine;
}

/** /subscription: the page machine, plus a confirm machine per restore question. */
export function SubscriptionScreen({
  query,
  locale,
  onQueryRead,
  onPlanLoaded,
  machine = liveSubscriptionMachine,
  historyMachine = livePaymentHistoryMachine,
  cardSetup = null,
  cardMachine = liveCardOnFileMachine,
}: SubscriptionScreenProps) {
  const [opened] = useState({ query, onQueryRead, cardSetup });
  const page = useActorRef(machine, { input: subscriptionInput(opened.query), inspect });
  const snapshot = useSelector(page, (s) => s);
  // The payment-status child while the page polls (section 4), drawn by its own view.
  const payment = useSelector(snapshot.children.pollPaymentStatus, (s) => s);
  // A confirm machine ends when accepted; a fresh one serves the next question.
  const [round, setRound] = useState(0);
  const needsQuery = snapshot.hasTag('returnQuery');
  const queryCleared = useRef(false);
  useEffect(() => {
    if (needsQuery || queryCleared.current) return;
    queryCleared.current = true;
    opened.onQueryRead();
  }, [needsQuery, opened]);

  const plan = snapshot.context.data?.subscription.plan;
  useEffect(() => {
    if (plan) onPlanLoaded?.(plan);
  }, [plan, onPlanLoaded]);

  const onConfirmed = useCallback(() => {
    page.send({ type: 'restore.confirmed' });
    setRound((r) => r + 1);
  }, [page]);

  return (
    <ConfirmRound key={round} onConfirmed={onConfirmed}>
      {(confirm, sendConfirm) => (
        <SubscriptionView
          snapshot={snapshot}
          send={page.send}
          confirm={confirm}
          sendConfirm={sendConfirm}
          payment={payment}
          locale={locale}
          history={<PaymentHistoryBlock machine={historyMachine} locale={locale} />}
          card={<CardOnFileBlock machine={cardMachine} setupId={opened.cardSetup} />}
        />
      )}
    </ConfirmRound>
  );
}

/**
 * The payment history's machine and view: drawn, and so started, once the page is
 * loaded, after a payment's outcome is known, so the history already holds it; from
 * the first page the page brought, if it did (none is brought back from a payment).
 */
function PaymentHistoryBlock({
  machine,
  locale,
}: {
  machine: typeof livePaymentHistoryMachine;
  locale: Locale;
}) {
  const history = useActorRef(machine, { input: paymentHistoryInput(), inspect });
  const snapshot = useSelector(history, (s) => s);
  return <PaymentHistoryView snapshot={snapshot} send={history.send} locale={locale} />;
}

/**
 * The card's machine and view, drawn with the plan while its autopayment runs; the
 * card setup come back from is read once, when the page opened, and the card is the
 * one the page brought, if it did.
 */
function CardOnFileBlock({
  machine,
  setupId,
}: {
  machine: typeof liveCardOnFileMachine;
  setupId: string | null;
}) {
  const card = useActorRef(machine, { input: cardOnFileInput(setupId), inspect });
  const snapshot = useSelector(card, (s) => s);
  const leaving = snapshot.output;
  useEffect(() => {
    if (leaving) window.location.assign(leaving);
  }, [leaving]);
  return <CardOnFileView snapshot={snapshot} send={card.send} />;
}
