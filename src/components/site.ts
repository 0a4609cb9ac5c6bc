import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import {
  currentPromotion as promotionOf,
  PromotionList,
  type Promotion,
} from '../../contract/promotions.ts';
import { EXAMPLE_SUPPORT_EMAIL, SupportEmail } from '../../contract/site.ts';
import { pageJson, pageMeta } from './page-json.ts';

/** Facts about the service shown in the shell; one place to change them. */
export const site = {
  name: msg`GIS Account`,
  termsUrl: { en: '/en/terms', ru: '/ru/terms' },
  privacyUrl: { en: '/en/privacy', ru: '/ru/privacy' },
} as const;

/*
 * The operator's facts (SITE_FILE), which the server writes into the page: each read
 * apart, with the shipped example in its place when the page says nothing readable.
 */
const SupportAddress = v.object({ support_email: SupportEmail });

/** The address users write to for support (the footer, error pages, the on-premise offer). */
export const contactEmail = (doc?: ParentNode): string =>
  pageJson('portal-site', SupportAddress, doc)?.support_email ?? EXAMPLE_SUPPORT_EMAIL;

/** Whether legal entities may order by invoice: the server writes it into the page. */
export function entityOrdersEnabled(doc?: ParentNode): boolean {
  return pageMeta('portal-entity-orders', doc) !== 'off';
}

/**
 * The smallest invoice in roubles, as the server enforces it (INVOICE_MINIMUM_RUB,
 * docs/decisions/0305): the server writes it into the page. Null when the page does not
 * say (no server behind it), and then no plan is offered for an invoice.
 */
export function invoiceMinimumRub(doc?: ParentNode): number | null {
  const content = pageMeta('portal-invoice-minimum', doc);
  if (!content || !/^\d+$/.test(content)) return null;
  return Number(content);
}

/**
 * The seasonal promotion at the top of signed-in pages (section 1), linking to its
 * blog page: operator data (PROMOTIONS_FILE) that the server writes into the page,
 * shown between its dates (docs/decisions/0018).
 */
export type { Promotion } from '../../contract/promotions.ts';

/** The promotions the page carries; none when it says nothing readable. */
export function pagePromotions(doc?: ParentNode): Promotion[] {
  return pageJson('portal-promotions', PromotionList, doc) ?? [];
}

export function currentPromotion(now: Date, list: readonly Promotion[] = pagePromotions()) {
  return promotionOf(list, now);
}
