import { and, eq } from 'drizzle-orm';
import type { Card, PaymentProvider as ProviderId } from '../../contract/billing.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { isCheckoutId } from './ids.ts';
import type { Checkout, PaymentEventType } from './providers/provider.ts';
import { paymentProvider } from './providers/registry.ts';
import {
  CARD_FAILS_LATER,
  SANDBOX_DECLINED,
  SIGNATURE_HEADER,
  sandboxWebhook,
  sandboxWebhookKey,
} from './providers/sandbox.ts';
import { autopaymentOf } from './subscription.ts';

/** How the sandbox reaches the webhook endpoint: the app's own fetch. */
export type Deliver = (request: Request) => Promise<Response>;

/** What the sandbox provider will tell about a checkout, as a provider would. */
export type Settlement = {
  provider: ProviderId;
  checkoutId: string;
  type: PaymentEventType;
  error?: string;
  ref?: string;
  /** The card the payment saved, as the provider reports it. */
  card?: Card;
};

export const SETTLEMENT_QUEUE = 'sandbox-settlement';

/**
 * The sandbox's settlement, sent in the transaction that submitted the checkout and
 * due after SANDBOX_SETTLE_SECONDS, so the payer's status polling waits as it would
 * for a real provider.
 */
export function scheduleSettlement(
  deps: { jobs: JobQueue; config: Config },
  db: Database,
  settlement: Settlement,
): Promise<void> {
  return deps.jobs.send(db, SETTLEMENT_QUEUE, settlement, {
    startAfterSeconds: deps.config.payments.sandboxSettleSeconds,
  });
}

/** The buttons of the sandbox's hosted page: what each settles, and where Stripe returns. */
export const SANDBOX_DECISIONS = {
  pay: { type: 'payment.succeeded', stripe: 'success_url' },
  pay_fails_later: { type: 'payment.succeeded', stripe: 'success_url', ref: CARD_FAILS_LATER },
  decline: { type: 'payment.failed', stripe: 'cancel_url', error: SANDBOX_DECLINED },
  cancel: { type: 'payment.canceled', stripe: 'cancel_url' },
} as const satisfies Record<
  string,
  Pick<Settlement, 'type'> & { stripe: string; error?: string; ref?: string }
>;
export type SandboxDecision = keyof typeof SANDBOX_DECISIONS;

export const isSandboxDecision = (value: string | null): value is SandboxDecision =>
  value !== null && Object.hasOwn(SANDBOX_DECISIONS, value);

/**
 * The test cards the sandbox's page offers, as a provider's test mode does: the one
 * chosen is the card the provider then reports. A card that later charges refuse is
 * Stripe's test card of that kind (4000 0000 0000 0341).
 */
export const SANDBOX_CARDS = {
  visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  mastercard: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2029 },
  mir: { brand: 'mir', last4: '0004', exp_month: 9, exp_year: 2031 },
} as const satisfies Record<string, Card>;
export type SandboxCard = keyof typeof SANDBOX_CARDS;
export const CARD_FAILING_LATER: Card = {
  brand: 'visa',
  last4: '0341',
  exp_month: 10,
  exp_year: 2030,
};

export const isSandboxCard = (value: string | null): value is SandboxCard =>
  value !== null && Object.hasOwn(SANDBOX_CARDS, value);

/** The card a decision saves: none for a decline or cancel. */
function cardOf(decision: SandboxDecision, card: SandboxCard): Card | undefined {
  if (decision === 'pay') return SANDBOX_CARDS[card];
  if (decision === 'pay_fails_later') return CARD_FAILING_LATER;
  return undefined;
}

/**
 * The payer's own checkout or card setup (not a change or renewal, which the saved
 * method pays) of a provider the sandbox stands in for.
 */
export async function sandboxCheckoutOf(
  deps: { db: Database; config: Config },
  userId: number,
  checkoutId: string,
): Promise<Checkout | null> {
  if (!isCheckoutId(checkoutId)) return null;
  const [checkout] = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
  if (checkout?.kind !== 'create' && checkout?.kind !== 'card') return null;
  return paymentProvider(deps.config, checkout.provider)?.sandbox ? checkout : null;
}

/**
 * The payer's decision on the sandbox's hosted page, with the test card chosen (else the
 * provider's usual one, as the page pre-selects it): the
 * checkout is submitted and its settlement scheduled in one transaction. Answers where
 * the provider sends the payer back (the checkout's return address), or null when it
 * was submitted already.
 */
export async function decideSandboxCheckout(
  deps: { db: Database; jobs: JobQueue; config: Config },
  checkout: Checkout,
  decision: SandboxDecision,
  card?: SandboxCard,
): Promise<string | null> {
  const { type, stripe, ...decided } = SANDBOX_DECISIONS[decision];
  const chosen = card ?? (checkout.provider === 'yookassa' ? 'mir' : 'visa');
  const saved = cardOf(decision, chosen);
  // A card paid with is saved as the provider's method for later charges: a new one
  // replaces one whose charges were refused.
  const method = decision === 'pay' ? { ref: `sandbox_card_${chosen}` } : {};
  const extra = { ...method, ...decided, ...(saved ? { card: saved } : {}) };
  const submitted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkouts)
      .set({ status: 'submitted' })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')))
      .returning({ id: checkouts.id });
    if (!row) return false;
    const provider = checkout.provider;
    await scheduleSettlement(deps, tx, { provider, checkoutId: checkout.id, type, ...extra });
    return true;
  });
  if (!submitted) return null;
  const autopayment = await autopaymentOf(deps.db, checkout.userId);
  if (checkout.kind === 'card') return autopayment?.cardReturnUrl ?? `${deps.config.publicUrl}/`;
  const options = autopayment?.options ?? {};
  const back = checkout.provider === 'yookassa' ? options.return_url : options[stripe];
  return back ?? `${deps.config.publicUrl}/`;
}

/**
 * Posts the signed webhook. The job's id is the event id, so a redelivery after a
 * crash is a duplicate to the endpoint; an answer other than 2xx is retried.
 */
export async function deliverSettlement(
  deps: { config: Config; logger: Logger; deliver: Deliver },
  settlement: Settlement,
  jobId: string,
): Promise<void> {
  const key = sandboxWebhookKey(deps.config.sessionSecret, settlement.provider);
  const { body, signature } = sandboxWebhook(key, {
    id: `evt_${jobId}`,
    type: settlement.type,
    checkoutId: settlement.checkoutId,
    error: settlement.error,
    ref: settlement.ref,
    card: settlement.card,
  });
  const url = `${deps.config.publicUrl}/api/billing/webhooks/${settlement.provider}/`;
  const response = await deps.deliver(
    new Request(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
    }),
  );
  if (!response.ok) {
    deps.logger.warn('webhook delivery failed', { job: jobId, status: response.status });
    throw new Error(`webhook answered ${response.status}`);
  }
}
