import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanId } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import { subscriptions, teamMembers, teams, users } from '../db/schema.ts';

/*
 * A user's effective plan (decision 0016): their own subscription's plan, raised to
 * premium through a team they are a member of. One query, read at every request: the
 * owner's plan is never copied, so a member loses premium as soon as the owner's
 * premium ends, the member is removed or the team grows past its `max_size`. `now`
 * decides whether an owner's paid period has ended: the billing sweep, which moves an
 * ended period to free, may not have run yet.
 */

type UserRef = SQL | AnyColumn;

/** The owner's own subscription is premium and its paid period has not ended at `now`. */
export function ownerPremium(ownerId: UserRef, now: Date): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${subscriptions} as owner_subscription
    where owner_subscription.user_id = ${ownerId}
      and owner_subscription.plan = 'premium'
      and (owner_subscription.expire_at is null
        or owner_subscription.expire_at > ${now.toISOString()}::timestamptz)
  )`;
}

/**
 * When the owner's running premium ends with its paid period: the end, after `now`, of
 * a premium subscription; null if it runs without an end or does not run. A team read
 * changes then with no write (the team is disabled, and leaves its members' list).
 */
export function ownerPremiumEndsAt(ownerId: UserRef, now: Date): SQL<string | null> {
  return sql<string | null>`(
    select owner_subscription.expire_at from ${subscriptions} as owner_subscription
    where owner_subscription.user_id = ${ownerId}
      and owner_subscription.plan = 'premium'
      and owner_subscription.expire_at > ${now.toISOString()}::timestamptz
  )`;
}

/** How many users the team of the enclosing query holds: its member rows plus the owner. */
export const teamUserCount = sql<number>`(
  select count(*)::int + 1 from ${teamMembers} as counted where counted.team_id = ${teams.id}
)`;

/** The user is a member of a team that is active and within its `max_size`. */
export function teamPremium(userId: UserRef, now: Date): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${teamMembers}
    join ${teams} on ${teams.id} = ${teamMembers.teamId}
    where ${teamMembers.userId} = ${userId}
      and ${ownerPremium(teams.ownerId, now)}
      and ${teamUserCount} <= ${teams.maxSize}
  )`;
}

/**
 * When the team part of `userId` may change by time alone: the earliest end, after
 * `now`, of a paid period of an owner of a team the user is a member of; null if none.
 */
export function teamPremiumChangesAt(userId: UserRef, now: Date): SQL<string | null> {
  return sql<string | null>`(
    select min(owner_subscription.expire_at) from ${teamMembers}
    join ${teams} on ${teams.id} = ${teamMembers.teamId}
    join ${subscriptions} as owner_subscription on owner_subscription.user_id = ${teams.ownerId}
    where ${teamMembers.userId} = ${userId}
      and owner_subscription.expire_at > ${now.toISOString()}::timestamptz
  )`;
}

/** The effective plan of `userId` whose own plan is `ownPlan`, as one SQL expression. */
export function effectivePlanSql(ownPlan: SQL<string>, userId: UserRef, now: Date): SQL<string> {
  return sql<string>`(case when ${teamPremium(userId, now)} then 'premium' else ${ownPlan} end)`;
}

export type EffectivePlan = { own: PlanId; team: 'premium' | null; effective: PlanId };

/**
 * The user's own plan and their team part in one query: the user left-joined with their
 * subscription, and an `exists` over memberships, teams and the owners' subscriptions.
 */
export async function effectivePlan(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<EffectivePlan> {
  const [row] = await db
    .select({
      own: sql<string>`coalesce(${subscriptions.plan}, 'free')`,
      team: teamPremium(users.id, now),
    })
    .from(users)
    .leftJoin(subscriptions, sql`${subscriptions.userId} = ${users.id}`)
    .where(sql`${users.id} = ${userId}`);
  const own = v.parse(PlanId, row?.own ?? 'free');
  const team = row?.team === true ? 'premium' : null;
  return { own, team, effective: team ?? own };
}

/** The team part alone: `team_plan` of the subscription and profile answers. */
export async function teamPlan(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<'premium' | null> {
  return (await effectivePlan(db, userId, now)).team;
}
