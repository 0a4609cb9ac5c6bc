import { Hono, type Context } from 'hono';
import { sessionMiddleware } from '../../identity/routes/session.ts';
import type { Checkout } from '../providers/provider.ts';
import {
  decideSandboxCheckout,
  isSandboxCard,
  isSandboxDecision,
  SANDBOX_CARDS,
  sandboxCheckoutOf,
  type SandboxCard,
} from '../sandbox-settlement.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { escapeHtml as escape } from '../../escape-html.ts';
import { standInPage } from '../../http/html.ts';

const SYMBOLS: Record<string, string> = { usd: '$', eur: '€' };
const money = (amount: number, currency: string) =>
  currency === 'rub' ? `${amount} ₽` : `${SYMBOLS[currency] ?? ''}${amount}`;

function page(title: string, body: string): string {
  return standInPage({ title, body });
}

const CARD_LABELS: Record<SandboxCard, string> = {
  visa: 'Visa 4242 4242 4242 4242',
  mastercard: 'Mastercard 5555 5555 5555 4444',
  mir: 'Mir 2200 0000 0000 0004',
};

/** The test cards to choose from; the provider's usual one first (Mir for YooKassa). */
function cardChoice(checkout: Checkout): string {
  const usual: SandboxCard = checkout.provider === 'yookassa' ? 'mir' : 'visa';
  const options = (Object.keys(SANDBOX_CARDS) as SandboxCard[])
    .map((card) => {
      const { exp_month, exp_year } = SANDBOX_CARDS[card];
      const expiry = `${String(exp_month).padStart(2, '0')}/${exp_year}`;
      const checked = card === usual ? ' checked' : '';
      return `<label><input type="radio" name="card" value="${card}"${checked}> ${CARD_LABELS[card]}, expires ${expiry}</label>`;
    })
    .join('<br>');
  return `<fieldset><legend>Test card</legend>${options}</fieldset>`;
}

function checkoutPage(checkout: Checkout): string {
  const name = checkout.provider === 'yookassa' ? 'YooKassa' : 'Stripe';
  if (checkout.kind === 'card') {
    return page(
      `${name} sandbox: change card`,
      `<p>A development stand-in for ${name}: the card is saved for the next payments, nothing is charged.</p>
<form method="post">${cardChoice(checkout)}<p class="actions"><button type="submit" class="primary" name="decision" value="pay">Save card</button>
<button type="submit" name="decision" value="pay_fails_later">Save a card that later charges refuse</button>
<button type="submit" name="decision" value="decline">Decline (card refused)</button>
<button type="submit" name="decision" value="cancel">Cancel</button></p></form>`,
    );
  }
  const rows: [string, string][] = [
    ['Plan', checkout.plan],
    ['Billing period', checkout.interval],
    ['Amount', money(checkout.amount, checkout.currency)],
    ['Currency', checkout.currency.toUpperCase()],
    ...(checkout.coupon ? ([['Promo code', checkout.coupon]] as [string, string][]) : []),
  ];
  const list = rows.map(([k, v]) => `<dt>${k}</dt><dd>${escape(v)}</dd>`).join('');
  return page(
    `${name} sandbox: pay`,
    `<p>A development stand-in for ${name}: no card is charged, nothing leaves this machine.</p>
<dl>${list}</dl>
<form method="post">${cardChoice(checkout)}<p class="actions"><button type="submit" class="primary" name="decision" value="pay">Pay ${escape(money(checkout.amount, checkout.currency))}</button>
<button type="submit" name="decision" value="pay_fails_later">Pay with a card that later charges refuse</button>
<button type="submit" name="decision" value="decline">Decline (card refused)</button>
<button type="submit" name="decision" value="cancel">Cancel</button></p></form>`,
  );
}

/** GET/POST /sandbox/pay/:id: the sandbox payment provider's hosted checkout and card setup. */
export function sandboxPayRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.use('*', sessionMiddleware(deps));

  const notFound = (c: Context<AppEnv>) =>
    c.html(page('Not found', '<p>There is no such checkout.</p>'), 404);

  /** The payer's own checkout of a provider the sandbox stands in for. */
  async function own(c: Context<AppEnv>): Promise<Checkout | null> {
    const user = c.get('user');
    return user ? sandboxCheckoutOf(deps, user.id, c.req.param('id') ?? '') : null;
  }

  const closed = (c: Context<AppEnv>) =>
    c.html(
      page(
        'Payment closed',
        '<p>This payment has been submitted already: return to the account portal.</p>',
      ),
      409,
    );

  router.get('/:id', async (c) => {
    const checkout = await own(c);
    if (!checkout) return notFound(c);
    if (checkout.status !== 'pending') return closed(c);
    return c.html(checkoutPage(checkout));
  });

  router.post('/:id', async (c) => {
    const checkout = await own(c);
    if (!checkout) return notFound(c);
    const form = new URLSearchParams(await c.req.text().catch(() => ''));
    const decision = form.get('decision');
    if (!isSandboxDecision(decision)) {
      return c.html(page('Bad request', '<p>Choose Pay, Decline or Cancel.</p>'), 400);
    }
    const card = form.get('card');
    const chosen = isSandboxCard(card) ? card : undefined;
    const back = await decideSandboxCheckout(deps, checkout, decision, chosen);
    return back === null ? closed(c) : c.redirect(back, 303);
  });

  return router;
}
