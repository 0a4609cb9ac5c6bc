import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './deps.ts';
import type { Logger } from './logger.ts';
import type { Mail, Mailer } from './mail/types.ts';
import {
  deliverSettlement,
  SETTLEMENT_QUEUE,
  type Deliver,
  type Settlement,
} from './billing/sandbox-settlement.ts';
import { CHARGE_QUEUE, CHARGE_RETRIES, runChargeJob } from './billing/charge.ts';
import { sweepBilling } from './billing/sweep.ts';
import { deliverMail, MAIL_QUEUE, recordUndelivered } from './mail/send.ts';
import { mailResetLink, PASSWORD_RESET_QUEUE, type ResetJob } from './identity/password-reset.ts';
import { IDENTITY_SWEEP_QUEUE, sweepIdentity } from './identity/sweep.ts';
import { checkWebgisPlans, WEBGIS_PLAN_CHECK_QUEUE } from './webgis/plan-rule.ts';
import { provisionInstance, WEBGIS_PROVISION_QUEUE } from './webgis/provision.ts';
import type { QueueDefinition } from './jobs/queue.ts';

export const BILLING_SWEEP_QUEUE = 'billing-sweep';

/** What the handlers need: the app's parts, and the app itself to post webhooks to. */
export type JobDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  deliver: Deliver;
};

/**
 * The handlers. Each is idempotent, as pg-boss runs a job at least once: a mail may go
 * twice after a crash between sending and completing (never zero times); a settlement
 * carries the job's id as its event id, so a repeat is a duplicate; a charge asks the
 * provider only for a checkout still pending, keyed by the checkout; the sweep only
 * moves what is due; a reset link repeated after such a crash replaces the first one
 * (only the newest link works) and mails it, as a second request would; the identity
 * sweep only deletes what is past its time. A job whose process died is retried once its lease
 * (JOB_LEASE_SECONDS; a charge adds PROVIDER_TIMEOUT_SECONDS) has run out.
 */
export function queueDefinitions(deps: JobDeps): QueueDefinition<never>[] {
  const lease = deps.config.jobLeaseSeconds;
  const mail: QueueDefinition<Mail> = {
    name: MAIL_QUEUE,
    retryLimit: deps.config.mailRetries,
    retryDelay: 5,
    expireInSeconds: lease,
    // A mail's job holds its code or reset link in clear, which the database otherwise
    // keeps only as a hash: a sent mail's job goes at the next maintenance pass.
    deleteAfterSeconds: 1,
    run: (message) => deliverMail(deps, message),
    gaveUp: (message, error) => recordUndelivered(deps, message, error),
  };
  const settlement: QueueDefinition<Settlement> = {
    name: SETTLEMENT_QUEUE,
    retryLimit: 10,
    retryDelay: 2,
    expireInSeconds: lease,
    run: (data, job) => deliverSettlement(deps, data, job.id),
  };
  // A provider that does not answer is asked again (same idempotency key), doubling from 5 s.
  const charge: QueueDefinition<unknown> = {
    name: CHARGE_QUEUE,
    retryLimit: CHARGE_RETRIES,
    retryDelay: 5,
    expireInSeconds: lease + Math.ceil(deps.config.providerTimeoutMs / 1000),
    policy: 'stately',
    run: (data, job) => runChargeJob(deps, data, job.retryCount),
  };
  const sweep: QueueDefinition<object> = {
    name: BILLING_SWEEP_QUEUE,
    // The next minute's run is the retry.
    retryLimit: 0,
    retryDelay: 0,
    expireInSeconds: lease,
    cron: '* * * * *',
    run: (_, job) => sweepBilling({ ...deps, jobs: job.jobs }),
  };
  // A change the provisioner has not finished yet is looked at again, doubling from 5 s:
  // ten retries span more than the hour a creation may take under load.
  const provision: QueueDefinition<unknown> = {
    name: WEBGIS_PROVISION_QUEUE,
    retryLimit: 10,
    retryDelay: 5,
    expireInSeconds: lease,
    run: (data) => provisionInstance(deps, data),
  };
  const planCheck: QueueDefinition<object> = {
    name: WEBGIS_PLAN_CHECK_QUEUE,
    // The next minute's run is the retry.
    retryLimit: 0,
    retryDelay: 0,
    expireInSeconds: lease,
    cron: '* * * * *',
    run: () => checkWebgisPlans(deps),
  };
  const passwordReset: QueueDefinition<ResetJob> = {
    name: PASSWORD_RESET_QUEUE,
    retryLimit: 10,
    retryDelay: 2,
    expireInSeconds: lease,
    run: (data, job) => mailResetLink({ ...deps, jobs: job.jobs }, data),
  };
  const identitySweep: QueueDefinition<object> = {
    name: IDENTITY_SWEEP_QUEUE,
    // The next hour's run is the retry.
    retryLimit: 0,
    retryDelay: 0,
    expireInSeconds: lease,
    cron: '23 * * * *',
    run: () => sweepIdentity(deps).then(() => undefined),
  };
  return [mail, settlement, charge, sweep, provision, planCheck, passwordReset, identitySweep];
}
