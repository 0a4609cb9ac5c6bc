import { and, eq, inArray, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanId } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import {
  subscriptions,
  webgisInstances,
  webgisLocations,
  type WebgisInstance,
} from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import type { Logger } from '../logger.ts';
import { effectivePlanSql } from '../teams/effective-plan.ts';
import { finishChange } from './provision.ts';
import type { Config } from '../config.ts';
import { webgisProvisioner } from './registry.ts';

export const WEBGIS_PLAN_CHECK_QUEUE = 'webgis-plan-check';

const GIB = 1024 ** 3;

/** What an instance may hold on a plan; null: no limit. */
export type Limits = {
  storageBytes: number | null;
  mapsAndLayers: number | null;
  privateResources: number | null;
};

/**
 * Section 9's limits that an instance can break (users and trackers belong to teams):
 * free: up to 5 GiB, fewer than 30 maps and layers, no private resources; mini: up to
 * 10 GiB, no private resources (privacy is premium's); premium: none.
 */
export const PLAN_LIMITS: Record<PlanId, Limits> = {
  free: { storageBytes: 5 * GIB, mapsAndLayers: 29, privateResources: 0 },
  mini: { storageBytes: 10 * GIB, mapsAndLayers: null, privateResources: 0 },
  premium: { storageBytes: null, mapsAndLayers: null, privateResources: null },
};

export type Usage = Pick<WebgisInstance, 'storageBytes' | 'mapsAndLayers' | 'privateResources'>;

export function breaksLimits(plan: PlanId, usage: Usage): boolean {
  const limits = PLAN_LIMITS[plan];
  const over = (used: number, limit: number | null) => limit !== null && used > limit;
  return (
    over(usage.storageBytes, limits.storageBytes) ||
    over(usage.mapsAndLayers, limits.mapsAndLayers) ||
    over(usage.privateResources, limits.privateResources)
  );
}

type PlanCheckDeps = { config: Config; db: Database; clock: Clock; logger: Logger };

/** The instance's user's effective plan (decision 0016): a team's premium counts. */
const currentPlanAt = (now: Date) =>
  effectivePlanSql(
    sql<string>`coalesce(${subscriptions.plan}, 'free')`,
    webgisInstances.userId,
    now,
  );

/**
 * The plan rule, run every minute by the queue (by hand in tests): an instance whose
 * user's effective plan (their own, or premium through a team) changed since its last
 * check is held against the new plan's limits. A started one that breaks them goes to
 * wait_for_disable, a disabled one that fits again to wait_for_start, and the
 * provisioner carries the change through. A change
 * left under way (a crash, a pending provisioner) is taken up at the next run. Only
 * what is still due moves, so two runs at once or a repeat do no harm.
 */
export async function checkWebgisPlans(deps: PlanCheckDeps): Promise<void> {
  const provisioner = webgisProvisioner(deps.config);
  if (!provisioner) return;
  const currentPlan = currentPlanAt(deps.clock.now());
  const due = await deps.db
    .select({ instance: webgisInstances, location: webgisLocations, plan: currentPlan })
    .from(webgisInstances)
    .innerJoin(webgisLocations, eq(webgisLocations.id, webgisInstances.locationId))
    .leftJoin(subscriptions, eq(subscriptions.userId, webgisInstances.userId))
    .where(
      or(
        and(
          inArray(webgisInstances.state, ['started', 'disabled']),
          sql`${webgisInstances.checkedPlan} is distinct from ${currentPlan}`,
        ),
        inArray(webgisInstances.stateTransition, ['wait_for_disable', 'wait_for_start']),
      ),
    )
    .limit(100);
  for (const { instance, location, plan } of due) {
    const checked =
      instance.stateTransition === null ? await recheck(deps, instance, plan) : instance;
    if (!checked) continue;
    const transition = checked.stateTransition;
    if (transition !== 'wait_for_disable' && transition !== 'wait_for_start') continue;
    const outcome = await provisioner.advance(checked, transition, location);
    if (outcome === 'pending') continue;
    await finishChange(deps, instance.id, transition, outcome);
  }
}

/** Holds the instance against `plan`: starts a change when needed, else notes the plan. */
async function recheck(
  deps: PlanCheckDeps,
  instance: WebgisInstance,
  planValue: string,
): Promise<WebgisInstance | null> {
  const plan = v.parse(PlanId, planValue);
  const breaks = breaksLimits(plan, instance);
  const transition =
    instance.state === 'started' && breaks
      ? 'wait_for_disable'
      : instance.state === 'disabled' && !breaks
        ? 'wait_for_start'
        : null;
  const [moved] = await deps.db
    .update(webgisInstances)
    .set({
      checkedPlan: plan,
      updatedAt: deps.clock.now(),
      ...(transition ? { state: transition, stateTransition: transition } : {}),
    })
    .where(
      and(
        eq(webgisInstances.id, instance.id),
        eq(webgisInstances.state, instance.state),
        sql`${webgisInstances.stateTransition} is null`,
      ),
    )
    .returning();
  if (moved && transition) {
    deps.logger.info('web GIS plan rule', { instance: instance.id, plan, transition });
  }
  return moved ?? null;
}
