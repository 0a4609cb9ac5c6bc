import { and, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Payment, PaymentPage } from '../../contract/billing.ts';
import type { Database } from '../db/client.ts';
import { invoiceRequests, payments, type User } from '../db/schema.ts';
import { billingRefused } from './refusals.ts';
import { isCheckoutId } from './ids.ts';

/** Rows of the payment history a page holds. */
export const PAYMENTS_PAGE_SIZE = 20;
/** The last page asked for: a history a hundred times a page long is no one's. */
export const MAX_PAYMENTS_PAGE = 100;

export const receiptPath = (id: string) => `/api/v1/payments/${id}/receipt/`;

type PaymentRow = typeof payments.$inferSelect;

/**
 * GET /api/v1/payments/?page=: the user's card payments and invoice requests, newest
 * first (the later id first within one instant), `PAYMENTS_PAGE_SIZE` a page and one
 * more row to tell of a next page: one query, the two tables as one list.
 */
export async function paymentPage(db: Database, user: User, page: number): Promise<PaymentPage> {
  const cards = db
    .select({
      id: sql<string>`${payments.checkoutId}`.as('id'),
      createdAt: payments.createdAt,
      plan: payments.plan,
      interval: payments.interval,
      periodStart: payments.periodStart,
      periodEnd: payments.periodEnd,
      amount: payments.amount,
      currency: payments.currency,
      discount: payments.discount,
      coupon: payments.coupon,
      provider: sql<Payment['provider']>`${payments.provider}::text`,
      status: sql<Payment['status']>`${payments.status}::text`,
    })
    .from(payments)
    .where(eq(payments.userId, user.id));
  // An invoice request is a payment asked for: no period yet, no discount, no receipt.
  const invoices = db
    .select({
      id: sql<string>`'inv_' || ${invoiceRequests.id}`.as('id'),
      createdAt: invoiceRequests.createdAt,
      plan: invoiceRequests.plan,
      interval: sql<
        Payment['interval']
      >`case when ${invoiceRequests.annualPayment} then 'yearly' else 'monthly' end`,
      periodStart: sql<Date | null>`null`,
      periodEnd: sql<Date | null>`null`,
      amount: invoiceRequests.amount,
      currency: invoiceRequests.currency,
      discount: sql<number>`0`,
      coupon: sql<string>`''`,
      provider: sql<Payment['provider']>`'invoice'`,
      status: sql<Payment['status']>`'invoice_requested'`,
    })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.userId, user.id));
  const rows = await unionAll(cards, invoices)
    .orderBy(desc(sql`created_at`), desc(sql`id`))
    .limit(PAYMENTS_PAGE_SIZE + 1)
    .offset((page - 1) * PAYMENTS_PAGE_SIZE);
  return {
    payments: rows.slice(0, PAYMENTS_PAGE_SIZE).map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      plan: row.plan,
      interval: row.interval,
      period_start: row.periodStart?.toISOString() ?? null,
      period_end: row.periodEnd?.toISOString() ?? null,
      amount: row.amount,
      currency: row.currency,
      discount: row.discount,
      coupon: row.coupon,
      provider: row.provider,
      status: row.status,
      receipt_url: row.status === 'paid' ? receiptPath(row.id) : null,
    })),
    next_page: rows.length > PAYMENTS_PAGE_SIZE ? page + 1 : null,
  };
}

/**
 * The user's own paid card payment of that id, for its receipt. Anything else is not
 * found alike: an id not of ours, another user's payment, a failed payment, an invoice
 * request (the portal records no invoice as paid).
 */
export async function paidPaymentOf(db: Database, user: User, id: string): Promise<PaymentRow> {
  if (!isCheckoutId(id)) throw billingRefused('not_found');
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.checkoutId, id), eq(payments.userId, user.id), eq(payments.status, 'paid')),
    );
  if (!row) throw billingRefused('not_found');
  return row;
}
