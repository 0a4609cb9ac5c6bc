// The user's plan facts (the own plan, the team part, the web GIS address, the userpic):
// what the profile answer, the subscription answer and the web GIS read share. Kept below
// those domains, so billing and the web GIS read them without importing the profile.
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanId } from '../contract/profile.ts';
import type { Database } from './db/client.ts';
import type { PlanFacts } from './db/session-cache.ts';
import { socialAccounts, subscriptions, users, webgisInstances } from './db/schema.ts';
import type { AppDeps } from './deps.ts';
import { teamPremium, teamPremiumChangesAt } from './teams/effective-plan.ts';

/**
 * The user's plan facts as of `now` (the own plan, the team part, the web GIS address,
 * the userpic): one query, or none while the cache has heard no change. Only a request
 * that has not written may pass the cache.
 */
export async function planFacts(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  userId: number,
  now: Date,
): Promise<PlanFacts> {
  let facts = deps.cache?.getPlan(userId, now);
  if (!facts) {
    const mark = deps.cache?.mark() ?? 0;
    facts = await readPlanFacts(deps.db, userId, now);
    deps.cache?.setPlan(userId, facts, mark);
  }
  return facts;
}

/** The userpic: the picture of the user's latest social link that has one. */
const latestPicture = sql`select ${socialAccounts.pictureUrl} from ${socialAccounts}
  where ${socialAccounts.userId} = ${users.id} and ${socialAccounts.pictureUrl} is not null
  order by ${socialAccounts.linkedAt} desc limit 1`;

async function readPlanFacts(db: Database, userId: number, now: Date): Promise<PlanFacts> {
  const [row] = await db
    .select({
      plan: sql<string>`coalesce(${subscriptions.plan}, 'free')`,
      team: teamPremium(users.id, now),
      changesAt: teamPremiumChangesAt(users.id, now),
      webgisUrl: webgisInstances.url,
      userpicUrl: sql<string | null>`(${latestPicture})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(webgisInstances, eq(webgisInstances.userId, users.id))
    .where(eq(users.id, userId));
  return {
    plan: v.parse(PlanId, row?.plan ?? 'free'),
    team: row?.team === true ? 'premium' : null,
    webgisUrl: row?.webgisUrl ?? null,
    userpicUrl: row?.userpicUrl ?? null,
    changesAt: row?.changesAt ? new Date(row.changesAt) : null,
  };
}
