import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { autopayments, checkouts, invoiceRequests, subscriptions } from '../db/schema.ts';
import { cardOfRow } from './card.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The billing part of the data export: subscription, autopayment, payments, invoices. */
export async function billingData(db: Database, userId: number) {
  const [subs, autos, payments, invoices] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(autopayments).where(eq(autopayments.userId, userId)),
    db
      .select()
      .from(checkouts)
      .where(eq(checkouts.userId, userId))
      .orderBy(asc(checkouts.createdAt)),
    db.select().from(invoiceRequests).where(eq(invoiceRequests.userId, userId)),
  ]);
  return {
    subscription:
      subs.map((s) => ({
        plan: s.plan,
        interval: s.interval,
        price: s.price,
        currency: s.currency,
        expire_at: iso(s.expireAt),
        canceled_at: iso(s.canceledAt),
      }))[0] ?? null,
    autopayment:
      autos.map((a) => ({
        provider: a.provider,
        status: a.status,
        plan: a.plan,
        interval: a.interval,
        coupon: a.coupon,
        user_data: a.userData,
        // The saved card as the provider reported it (decision 0307).
        card: cardOfRow(a),
      }))[0] ?? null,
    payments: payments.map((p) => ({
      kind: p.kind,
      provider: p.provider,
      status: p.status,
      plan: p.plan,
      interval: p.interval,
      amount: p.amount,
      currency: p.currency,
      coupon: p.coupon,
      created_at: iso(p.createdAt),
      settled_at: iso(p.settledAt),
    })),
    invoice_requests: invoices.map(({ id: _id, userId: _user, createdAt, ...rest }) => ({
      ...rest,
      created_at: iso(createdAt),
    })),
  };
}
