import type { Interval } from '../contract/billing.ts';
import { intervalOfPeriod } from '../contract/page-reads.ts';
import type { PlanId } from '../contract/profile.ts';

/** The query of /subscription/update: a plan and period to preselect ('annually' = yearly). */
export interface UpdateQuery {
  plan: PlanId | null;
  period: Interval | 'annually' | null;
}

export const periodOf = (period: UpdateQuery['period']): Interval | null =>
  intervalOfPeriod(period) ?? null;
