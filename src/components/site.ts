import { msg } from '@lingui/core/macro';

/** Facts about the service shown in the shell; one place to change them. */
export const site = {
  name: msg`GIS Account`,
  contactEmail: 'support@example.com',
  termsUrl: { en: '/en/terms', ru: '/ru/terms' },
  privacyUrl: { en: '/en/privacy', ru: '/ru/privacy' },
  blogUrl: 'https://example.com/blog',
} as const;

/** Whether legal entities may order by invoice: the server writes it into the page. */
export function entityOrdersEnabled(doc: Document = document): boolean {
  return doc.querySelector('meta[name="portal-entity-orders"]')?.getAttribute('content') !== 'off';
}

/**
 * The seasonal promotion at the top of signed-in pages: shown between its dates.
 * An empty list means no banner this season.
 */
export interface Promotion {
  from: string;
  to: string;
  href: string;
  text: ReturnType<typeof msg>;
}
export const promotions: readonly Promotion[] = [];

export function currentPromotion(now: Date, list: readonly Promotion[] = promotions) {
  const day = now.toISOString().slice(0, 10);
  return list.find((p) => p.from <= day && day <= p.to) ?? null;
}
