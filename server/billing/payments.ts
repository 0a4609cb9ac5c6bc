import { and, desc, eq } from 'drizzle-orm';
import type { Payment, PaymentPage } from '../../contract/billing.ts';
import type { Database } from '../db/client.ts';
import { invoiceRequests, payments, type User } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { isCheckoutId } from './ids.ts';

/** Rows of the payment history a page holds. */
export const PAYMENTS_PAGE_SIZE = 20;
/** The last page asked for: a history a hundred times a page long is no one's. */
export const MAX_PAYMENTS_PAGE = 100;

export const receiptPath = (id: string) => `/api/v1/payments/${id}/receipt/`;

type PaymentRow = typeof payments.$inferSelect;
type InvoiceRow = typeof invoiceRequests.$inferSelect;

function cardPayment(row: PaymentRow): Payment {
  return {
    id: row.checkoutId,
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
    receipt_url: row.status === 'paid' ? receiptPath(row.checkoutId) : null,
  };
}

function invoicePayment(row: InvoiceRow): Payment {
  return {
    id: `inv_${row.id}`,
    created_at: row.createdAt.toISOString(),
    plan: row.plan,
    interval: row.annualPayment ? 'yearly' : 'monthly',
    period_start: null,
    period_end: null,
    amount: row.amount,
    currency: row.currency,
    discount: 0,
    coupon: '',
    provider: 'invoice',
    status: 'invoice_requested',
    receipt_url: null,
  };
}

/**
 * GET /api/v1/payments/?page=: the user's card payments and invoice requests, newest
 * first (the later id first within one instant), `PAYMENTS_PAGE_SIZE` a page. Each
 * source gives at most what the pages so far hold, and one more to tell of a next page.
 */
export async function paymentPage(db: Database, user: User, page: number): Promise<PaymentPage> {
  const end = page * PAYMENTS_PAGE_SIZE;
  const [cards, invoices] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(desc(payments.createdAt), desc(payments.checkoutId))
      .limit(end + 1),
    db
      .select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.userId, user.id))
      .orderBy(desc(invoiceRequests.createdAt), desc(invoiceRequests.id))
      .limit(end + 1),
  ]);
  const all = [...cards.map(cardPayment), ...invoices.map(invoicePayment)].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );
  return {
    payments: all.slice(end - PAYMENTS_PAGE_SIZE, end),
    next_page: all.length > end ? page + 1 : null,
  };
}

/**
 * The user's own paid card payment of that id, for its receipt. Anything else is not
 * found alike: an id not of ours, another user's payment, a failed payment, an invoice
 * request (the portal records no invoice as paid).
 */
export async function paidPaymentOf(db: Database, user: User, id: string): Promise<PaymentRow> {
  if (!isCheckoutId(id)) throw notFound();
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.checkoutId, id), eq(payments.userId, user.id), eq(payments.status, 'paid')),
    );
  if (!row) throw notFound();
  return row;
}
