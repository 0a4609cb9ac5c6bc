import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Currency, Interval } from '../../../contract/billing.ts';
import { formatMoney } from '../../../contract/money.ts';

const suffixes = { monthly: msg`/mo`, yearly: msg`/year` } satisfies Record<Interval, unknown>;

/** '$10/mo', '1 200 ₽/year' (section 9). */
export function priceLabel(amount: number, currency: Currency, interval: Interval): string {
  return `${formatMoney(amount, currency)}${i18n._(suffixes[interval])}`;
}
