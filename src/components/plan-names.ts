import { msg } from '@lingui/core/macro';
import type { PlanId } from '../../contract/profile.ts';

export const planNames = {
  free: msg`Free`,
  mini: msg`Mini`,
  premium: msg`Premium`,
} satisfies Record<PlanId, ReturnType<typeof msg>>;
