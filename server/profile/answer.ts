// The profile answer, shared by the profile routes (profile.ts) and the personal-data
// export (profile-export.ts), which profile.ts mounts: kept apart so neither imports
// the other back.
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanId, type Profile } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import type { PlanFacts } from '../db/session-cache.ts';
import { socialAccounts, subscriptions, users, webgisInstances, type User } from '../db/schema.ts';
import { teamPremium, teamPremiumChangesAt } from '../teams/effective-plan.ts';

/**
 * The profile as the SPA reads it; `plan` is the subscription's current plan,
 * `webgisUrl` the address of the user's web GIS (server/webgis), null without one, and
 * `team` the premium a team grants (server/teams/effective-plan.ts).
 */
export function toProfile(
  user: User,
  plan: PlanId,
  webgisUrl: string | null = null,
  team: 'premium' | null = null,
  userpicUrl: string | null = null,
): Profile {
  const timezone =
    user.timezoneIana !== null && user.timezoneOffset !== null
      ? { ianaName: user.timezoneIana, offset: user.timezoneOffset }
      : null;
  return {
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    industry: user.industry,
    role: user.role,
    email: user.email,
    phone: user.phone,
    country: user.country,
    timezone,
    plan,
    team_plan: team,
    webgis_url: webgisUrl,
    userpic_url: userpicUrl,
    has_password: user.passwordHash !== null,
    mail_undelivered_at: user.mailUndeliveredAt?.toISOString() ?? null,
  };
}

/**
 * The profile answer (every signed-in page asks for it): the user row from the session,
 * and the own plan, the team part (as of `now`) and the web GIS address read in one
 * query, or taken from the cache while no change has been heard (session-cache.ts).
 */
export async function profileAnswer(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  user: User,
  now: Date,
): Promise<Profile> {
  const facts = await planFacts(deps, user.id, now);
  return toProfile(user, facts.plan, facts.webgisUrl, facts.team, facts.userpicUrl);
}

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

/** The same, from the user's links as read (the personal-data export). */
export const userpicOf = (links: readonly { pictureUrl: string | null; linkedAt: Date }[]) =>
  links
    .filter((link) => link.pictureUrl !== null)
    .toSorted((a, b) => b.linkedAt.getTime() - a.linkedAt.getTime())[0]?.pictureUrl ?? null;

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
