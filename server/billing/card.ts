import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type {
  Card,
  CardAnswer,
  CardSetupRequest,
  CardSetupStatus,
} from '../../contract/billing.ts';
import type { Database } from '../db/client.ts';
import { autopayments, checkouts, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { billingRefused } from './refusals.ts';
import { addressOfThisSite } from '../identity/accounts.ts';
import { redirectTo } from './checkout.ts';
import { isCheckoutId, newCheckoutId } from './ids.ts';
import { paymentProvider } from './providers/registry.ts';
import { userRead } from '../user-reads.ts';
import { autopaymentOf, currentSubscription, openCheckoutOf } from './subscription.ts';

type SetupRequest = v.InferOutput<typeof CardSetupRequest>;
type AutopaymentRow = typeof autopayments.$inferSelect;

/** The saved card of an autopayment row, or null when the provider told none. */
export function cardOfRow(row: AutopaymentRow | undefined): Card | null {
  if (!row?.cardBrand || !row.cardLast4 || !row.cardExpMonth || !row.cardExpYear) return null;
  return {
    brand: row.cardBrand,
    last4: row.cardLast4,
    exp_month: row.cardExpMonth,
    exp_year: row.cardExpYear,
  };
}

/** A provider that takes a card change: the sandbox's page, or an adapter's own setup. */
function takesCardChange(provider: ReturnType<typeof paymentProvider>) {
  return provider !== null && (provider.sandbox || provider.startCardSetup !== undefined);
}

/**
 * GET /api/v1/card/: the caller's own saved card, and whether a change can start (an
 * active autopayment at a provider that takes one). Kept while no change to the
 * autopayment was heard (its row names its user at commit): only a request that has not
 * written may ask this.
 */
export function cardAnswer(
  deps: Pick<AppDeps, 'db' | 'config' | 'cache' | 'clock'>,
  userId: number,
): Promise<CardAnswer> {
  return userRead(deps, userId, 'card', async () => {
    const row = await autopaymentOf(deps.db, userId);
    const changeable =
      row?.status === 'active' && takesCardChange(paymentProvider(deps.config, row.provider));
    return { card: cardOfRow(row), changeable };
  });
}

/**
 * POST /api/v1/card/: a card setup at the autopayment's provider, which charges nothing
 * and, once the provider confirms it, replaces the saved method and card. It is a
 * checkout of kind `card` (one open checkout per user, as for payments), so a plan
 * change or renewal never runs beside it. The provider sends the payer back to
 * `return_url` (a page of this site) with `card_setup=<id>` added.
 */
export async function startCardSetup(
  deps: AppDeps,
  user: User,
  request: SetupRequest,
): Promise<{ id: string; redirect_url: string }> {
  const address = addressOfThisSite(request.return_url, deps.config.publicUrl);
  if (address === null) throw billingRefused('invalid_field', { at: 'return_url' });
  const autopayment = await autopaymentOf(deps.db, user.id);
  if (autopayment?.status !== 'active') throw billingRefused('no_autopayment');
  const provider = paymentProvider(deps.config, autopayment.provider);
  // The sandbox's page takes a card checkout; a real adapter needs its own setup call.
  if (!provider || !takesCardChange(provider)) throw billingRefused('plan_unavailable');
  if (await openCheckoutOf(deps.db, user.id)) throw billingRefused('checkout_in_progress');
  const id = newCheckoutId();
  const back = new URL(address);
  back.searchParams.set('card_setup', id);
  const current = await currentSubscription(deps.db, user);
  const checkout = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkouts)
      .values({
        id,
        userId: user.id,
        kind: 'card',
        provider: autopayment.provider,
        status: 'pending',
        plan: autopayment.plan,
        interval: autopayment.interval,
        amount: 0,
        currency: current.currency,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await tx
        .update(autopayments)
        .set({ cardReturnUrl: back.toString() })
        .where(eq(autopayments.userId, user.id));
    }
    return row;
  });
  // A parallel start holds the one open checkout.
  if (!checkout) throw billingRefused('checkout_in_progress');
  const setup = provider.startCardSetup?.bind(provider);
  const redirectUrl = await redirectTo(
    deps,
    provider,
    checkout,
    {},
    setup && ((signal) => setup(checkout, autopayment.providerRef, back.toString(), signal)),
  );
  return { id, redirect_url: redirectUrl };
}

/** GET /api/v1/card/setups/{id}/: the caller's own card setup, else 404 alike. */
export async function cardSetupStatus(
  db: Database,
  userId: number,
  id: string,
): Promise<CardSetupStatus> {
  if (!isCheckoutId(id)) throw billingRefused('not_found');
  const [setup] = await db
    .select({ status: checkouts.status })
    .from(checkouts)
    .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId), eq(checkouts.kind, 'card')));
  if (!setup) throw billingRefused('not_found');
  const status =
    setup.status === 'pending' || setup.status === 'submitted'
      ? 'open'
      : setup.status === 'paid'
        ? 'saved'
        : 'not_saved';
  return { status, card: cardOfRow(await autopaymentOf(db, userId)) };
}
