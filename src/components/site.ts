import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import {
  currentPromotion as promotionOf,
  PromotionList,
  type Promotion,
} from '../../contract/promotions.ts';
import { EXAMPLE_SITE_FACTS, SiteFacts } from '../../contract/site.ts';

/** Facts about the service shown in the shell; one place to change them. */
export const site = {
  name: msg`GIS Account`,
  termsUrl: { en: '/en/terms', ru: '/ru/terms' },
  privacyUrl: { en: '/en/privacy', ru: '/ru/privacy' },
} as const;

/**
 * The operator's support address and web GIS links (SITE_FILE), which the server writes
 * into the page; the shipped examples when the page says nothing readable.
 */
export function pageSiteFacts(doc: Document = document): SiteFacts {
  const content = doc.querySelector('meta[name="portal-site"]')?.getAttribute('content');
  if (!content) return EXAMPLE_SITE_FACTS;
  try {
    const facts = v.safeParse(SiteFacts, JSON.parse(content));
    return facts.success ? facts.output : EXAMPLE_SITE_FACTS;
  } catch {
    return EXAMPLE_SITE_FACTS;
  }
}

/** The address users write to for support (the footer, error pages, the on-premise offer). */
export const contactEmail = (doc: Document = document): string => pageSiteFacts(doc).support_email;

/** Whether legal entities may order by invoice: the server writes it into the page. */
export function entityOrdersEnabled(doc: Document = document): boolean {
  return doc.querySelector('meta[name="portal-entity-orders"]')?.getAttribute('content') !== 'off';
}

/**
 * The smallest invoice in roubles, as the server enforces it (INVOICE_MINIMUM_RUB,
 * docs/decisions/0305): the server writes it into the page. Null when the page does not
 * say (no server behind it), and then no plan is offered for an invoice.
 */
export function invoiceMinimumRub(doc: Document = document): number | null {
  const content = doc.querySelector('meta[name="portal-invoice-minimum"]')?.getAttribute('content');
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
export function pagePromotions(doc: Document = document): Promotion[] {
  const content = doc.querySelector('meta[name="portal-promotions"]')?.getAttribute('content');
  if (!content) return [];
  try {
    const list = v.safeParse(PromotionList, JSON.parse(content));
    return list.success ? list.output : [];
  } catch {
    return [];
  }
}

export function currentPromotion(now: Date, list: readonly Promotion[] = pagePromotions()) {
  return promotionOf(list, now);
}
