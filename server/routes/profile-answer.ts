// The profile answer, shared by the profile routes (profile.ts) and the personal-data
// export (profile-export.ts), which profile.ts mounts: kept apart so neither imports
// the other back.
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanId, type Profile } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import { subscriptions, users, webgisInstances, type User } from '../db/schema.ts';
import { teamPremium } from '../teams/effective-plan.ts';

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
    userpic_url: null,
    has_password: user.passwordHash !== null,
  };
}

/**
 * The profile answer read from the database in one query (every signed-in page asks
 * for it): the own plan, the team part (as of `now`) and the web GIS address.
 */
export async function profileAnswer(db: Database, user: User, now: Date): Promise<Profile> {
  const [row] = await db
    .select({
      plan: sql<string>`coalesce(${subscriptions.plan}, 'free')`,
      team: teamPremium(users.id, now),
      webgisUrl: webgisInstances.url,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(webgisInstances, eq(webgisInstances.userId, users.id))
    .where(eq(users.id, user.id));
  return toProfile(
    user,
    v.parse(PlanId, row?.plan ?? 'free'),
    row?.webgisUrl ?? null,
    row?.team === true ? 'premium' : null,
  );
}
