// The profile answer, shared by the profile routes (profile.ts) and the personal-data
// export (profile-export.ts), which profile.ts mounts: kept apart so neither imports
// the other back.
import type { PlanId, Profile } from '../../contract/profile.ts';
import type { AppDeps } from '../deps.ts';
import type { User } from '../db/schema.ts';
import { planFacts } from '../plan-facts.ts';

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

/** The same, from the user's links as read (the personal-data export). */
export const userpicOf = (links: readonly { pictureUrl: string | null; linkedAt: Date }[]) =>
  links
    .filter((link) => link.pictureUrl !== null)
    .toSorted((a, b) => b.linkedAt.getTime() - a.linkedAt.getTime())[0]?.pictureUrl ?? null;
