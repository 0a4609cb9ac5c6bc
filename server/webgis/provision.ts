import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { WebgisTransition } from '../../contract/webgis.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  users,
  webgisInstances,
  webgisLocations,
  type WebgisInstance,
  type WebgisLocationRow,
} from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { userLocale } from '../mail/send.ts';
import type { Mailer } from '../mail/types.ts';
import { readyMail } from './mail.ts';
import { TARGET_STATE, type ProvisionOutcome, type Provisioner } from './provisioner.ts';
import { webgisProvisioner } from './registry.ts';

export const WEBGIS_PROVISION_QUEUE = 'webgis-provision';

/** A provisioning job: carry the instance's change under way to its end. */
export const ProvisionJob = v.object({
  instanceId: v.pipe(v.number(), v.integer()),
  transition: WebgisTransition,
});
export type ProvisionJob = v.InferOutput<typeof ProvisionJob>;

/**
 * Queues the job that carries `instance` through `transition`, in the transaction that
 * put the instance there; it first runs once the provisioner's delay has passed (the
 * database's clock: the sandbox's WEBGIS_PROVISION_SECONDS).
 */
export function requestChange(
  deps: { jobs: JobQueue },
  tx: Database,
  instance: WebgisInstance,
  transition: WebgisTransition,
  location: WebgisLocationRow,
  provisioner: Provisioner,
): Promise<void> {
  return deps.jobs.send(
    tx,
    WEBGIS_PROVISION_QUEUE,
    { instanceId: instance.id, transition } satisfies ProvisionJob,
    { startAfterSeconds: provisioner.delaySeconds(transition, location) },
  );
}

export type ProvisionDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
};

/** What a still-pending change throws, so the queue looks again later (its retries). */
export class StillPending extends Error {
  constructor(instanceId: number) {
    super(`web GIS ${instanceId} is still changing`);
    this.name = 'StillPending';
  }
}

/**
 * The provisioning job's handler, run at least once: asks the provisioner for the
 * change and moves the instance to where it ended, only if the instance is still in
 * that change (a repeat, or a job for a replaced instance, changes nothing). A
 * creation that ended well is mailed to the user (again after a crash, never zero times).
 */
export async function provisionInstance(deps: ProvisionDeps, data: unknown): Promise<void> {
  const job = v.parse(ProvisionJob, data);
  const provisioner = webgisProvisioner(deps.config);
  if (!provisioner) throw new Error('no web GIS provisioner is configured');
  const [found] = await deps.db
    .select({ instance: webgisInstances, location: webgisLocations })
    .from(webgisInstances)
    .innerJoin(webgisLocations, eq(webgisLocations.id, webgisInstances.locationId))
    .where(eq(webgisInstances.id, job.instanceId));
  if (!found) return;
  if (found.instance.stateTransition === job.transition) {
    const outcome = await provisioner.advance(found.instance, job.transition, found.location);
    if (outcome === 'pending') throw new StillPending(job.instanceId);
    await finishChange(deps, found.instance.id, job.transition, outcome);
  }
  if (job.transition === 'wait_for_create') await mailWhenReady(deps, job.instanceId);
}

/** Compare-and-set: only an instance still in `transition` moves. False when none did. */
export async function finishChange(
  deps: { db: Database; clock: Clock },
  instanceId: number,
  transition: WebgisTransition,
  outcome: Exclude<ProvisionOutcome, 'pending'>,
): Promise<boolean> {
  const moved = await deps.db
    .update(webgisInstances)
    .set({
      state: outcome === 'done' ? TARGET_STATE[transition] : 'error',
      stateTransition: null,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(webgisInstances.id, instanceId), eq(webgisInstances.stateTransition, transition)))
    .returning({ id: webgisInstances.id });
  return moved.length > 0;
}

/** "Your web GIS is ready", sent before it is marked sent: at least once. */
async function mailWhenReady(deps: ProvisionDeps, instanceId: number): Promise<void> {
  const [due] = await deps.db
    .select({ instance: webgisInstances, user: users })
    .from(webgisInstances)
    .innerJoin(users, eq(users.id, webgisInstances.userId))
    .where(
      and(
        eq(webgisInstances.id, instanceId),
        eq(webgisInstances.state, 'started'),
        isNull(webgisInstances.readyMailedAt),
      ),
    );
  if (!due) return;
  const content = readyMail(userLocale(due.user), due.instance);
  await deps.mailer.send({ to: due.user.email, ...content, headers: {} });
  await deps.db
    .update(webgisInstances)
    .set({ readyMailedAt: deps.clock.now() })
    .where(eq(webgisInstances.id, instanceId));
}
