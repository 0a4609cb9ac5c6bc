import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../../deps.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageLocaleOf } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { loadSiteFacts } from '../../site/site.ts';
import { userRead } from '../../user-reads.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';
import { MAX_PAYMENTS_PAGE, paidPaymentOf, paymentPage } from '../payments.ts';
import { receiptPdf } from '../receipt.ts';

export const PageQuery = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(MAX_PAYMENTS_PAGE),
    ),
    '1',
  ),
});

/** GET /api/v1/payments/: a page of the user's payment history. */
export const paymentsRead: Read = (deps, { user, query }) => {
  const { page } = parseInput(PageQuery, query);
  return userRead(deps, user.id, `payments:${page}`, () => paymentPage(deps.db, user, page));
};

/** Mounted at /api/v1/payments/: the user's payment history and its receipts. */
export function paymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  // The seller a receipt names, read once like the rest of SITE_FILE.
  const { seller } = loadSiteFacts(deps.config.siteFile);

  router.get('/', readRoute(deps, paymentsRead));

  // A link the page opens in a new tab: `?locale=` names its language, else the account's.
  router.get('/:id/receipt/', async (c) => {
    const user = requireUser(c);
    const payment = await paidPaymentOf(deps.db, user, c.req.param('id'));
    const locale = pageLocaleOf(c) ?? (user.locale === 'ru' ? 'ru' : 'en');
    const pdf = await receiptPdf(payment, user, seller, locale);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="receipt-${payment.checkoutId}.pdf"`,
    });
  });

  return router;
}
