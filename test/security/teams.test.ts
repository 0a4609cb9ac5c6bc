import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Team, TeamList } from '../../contract/teams.ts';
import { subscriptions, teamMembers, teams, type User } from '../../server/db/schema.ts';
import { LIMITS } from '../../server/identity/throttle.ts';
import { buy, checkoutRequest, json, sendJson, signedIn } from '../server/billing.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';

/*
 * Teams under attack (checklist: another user's ids, stale permissions, enumeration):
 * a member never reads or changes another team, only the owner edits, and the team's
 * premium follows the owner's own plan and the membership at every request.
 */
const server = useTestServer();
const production = useTestServer({
  env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(48), PUBLIC_URL: 'https://p.test' },
});
const DAY = 24 * 60 * 60 * 1000;

async function premiumUntil(user: User, days: number) {
  const now = server().clock.now();
  await server()
    .db.insert(subscriptions)
    .values({
      userId: user.id,
      plan: 'premium',
      interval: 'monthly',
      price: 30,
      currency: 'usd',
      expireAt: new Date(now.getTime() + days * DAY),
      updatedAt: now,
    });
}

async function premiumOwner(days = 30) {
  const owner = await signedIn(server());
  await premiumUntil(owner.user, days);
  return owner;
}

const getTeam = async (client: TestClient) =>
  v.parse(Team, await json(await client.get('/api/v1/team/')));
const memberOf = async (client: TestClient) =>
  v.parse(TeamList, await json(await client.get('/api/v1/teams/')));
const save = (client: TestClient, members: User[]) =>
  sendJson(client, 'PATCH', '/api/v1/team/', { users: members.map((m) => m.portalGuid) });
const teamPlanOf = async (client: TestClient) =>
  (
    await json<{ subscription: { team_plan: string | null } }>(
      await client.get('/api/subscription/'),
    )
  ).subscription.team_plan;
/** A new browser of the user: sessions end after a week without use, and tests jump weeks. */
async function signInAgain(user: User): Promise<TestClient> {
  const client = server().client();
  const login = await client.postForm('/api/auth/login/', {
    login: user.username,
    password: 'Secret-pass-1',
  });
  expect(login.status).toBe(200);
  return client;
}
const membersOf = async (ownerId: number) => {
  const [team] = await server().db.select().from(teams).where(eq(teams.ownerId, ownerId));
  if (!team) return [];
  const rows = await server()
    .db.select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, team.id));
  return rows.map((row) => row.userId).sort((a, b) => a - b);
};

describe('two teams', () => {
  it('a member reads only the teams they are in and changes none of them', async () => {
    const ownerA = await premiumOwner();
    const ownerB = await premiumOwner();
    const memberA = await signedIn(server());
    const memberB = await signedIn(server());
    expect((await save(ownerA.client, [memberA.user])).status).toBe(200);
    expect((await save(ownerB.client, [memberB.user])).status).toBe(200);

    // The member's "own team" is theirs alone, never the team they are in.
    const own = await getTeam(memberA.client);
    expect(own.owner_id).toBe(memberA.user.portalGuid);
    expect(own.users.map((u) => u.portal_guid)).toEqual([memberA.user.portalGuid]);
    // Only team A is listed for its member, only B for B's.
    expect((await memberOf(memberA.client)).map((t) => t.owner_id)).toEqual([
      ownerA.user.portalGuid,
    ]);
    expect((await memberOf(memberB.client)).map((t) => t.owner_id)).toEqual([
      ownerB.user.portalGuid,
    ]);

    // A member (free) cannot save anything, least of all the team they are in.
    const attempt = await save(memberA.client, [memberB.user]);
    expect(attempt.status).toBe(403);
    expect(await membersOf(ownerA.user.id)).toEqual([memberA.user.id]);
    expect(await membersOf(memberA.user.id)).toEqual([]);
  });

  it("a premium member saving edits their own team, never the owner's", async () => {
    const owner = await premiumOwner();
    const member = await premiumOwner();
    const stranger = await signedIn(server());
    await save(owner.client, [member.user]);
    // The member names the owner and a stranger: that is the member's own new team.
    const response = await save(member.client, [owner.user, stranger.user]);
    expect(response.status).toBe(200);
    const saved = v.parse(Team, await response.json());
    expect(saved.owner_id).toBe(member.user.portalGuid);
    expect(await membersOf(owner.user.id)).toEqual([member.user.id]);
    expect(await membersOf(member.user.id)).toEqual(
      [owner.user.id, stranger.user.id].sort((a, b) => a - b),
    );
  });

  it("the owner's GET /team/ never shows another team, whatever is sent", async () => {
    const ownerA = await premiumOwner();
    const ownerB = await premiumOwner();
    const memberB = await signedIn(server());
    await save(ownerB.client, [memberB.user]);
    // Query strings and ids in the path have no say.
    for (const path of [
      `/api/v1/team/?owner_id=${ownerB.user.portalGuid}`,
      `/api/v1/team/?id=${ownerB.user.id}`,
    ]) {
      const team = v.parse(Team, await json(await ownerA.client.get(path)));
      expect(team.owner_id).toBe(ownerA.user.portalGuid);
    }
    expect((await ownerA.client.get(`/api/v1/team/${ownerB.user.portalGuid}/`)).status).toBe(404);
    const patch = await sendJson(
      ownerA.client,
      'PATCH',
      `/api/v1/team/${ownerB.user.portalGuid}/`,
      { users: [] },
    );
    expect(patch.status).toBe(404);
    expect(await membersOf(ownerB.user.id)).toEqual([memberB.user.id]);
  });
});

describe('leaving a team', () => {
  const leaveRequest = (client: TestClient, path: string, body?: unknown) =>
    sendJson(client, 'DELETE', path, body);

  it("removes only the caller's own membership, whatever is sent", async () => {
    const owner = await premiumOwner();
    const leaver = await signedIn(server());
    const other = await signedIn(server());
    expect((await save(owner.client, [leaver.user, other.user])).status).toBe(200);
    const path = `/api/v1/teams/${owner.user.portalGuid}/membership/`;
    // Another member named in the body or the query is not who leaves: the caller is.
    const response = await leaveRequest(
      leaver.client,
      `${path}?user=${other.user.portalGuid}&portal_guid=${other.user.portalGuid}`,
      { user: other.user.portalGuid, users: [other.user.portalGuid] },
    );
    expect(response.status).toBe(204);
    expect(await membersOf(owner.user.id)).toEqual([other.user.id]);
    // A member cannot remove the owner or another member by naming their guid as the team.
    for (const guid of [other.user.portalGuid, owner.user.portalGuid]) {
      expect((await leaveRequest(leaver.client, `/api/v1/teams/${guid}/membership/`)).status).toBe(
        404,
      );
    }
    expect(await membersOf(owner.user.id)).toEqual([other.user.id]);
    expect(await teamPlanOf(other.client)).toBe('premium');
  });

  it('a leaver loses team_plan at once, in the same session, and is gone from the team', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    expect((await save(owner.client, [member.user])).status).toBe(200);
    expect(await teamPlanOf(member.client)).toBe('premium');
    expect(await memberOf(member.client)).toHaveLength(1);
    const path = `/api/v1/teams/${owner.user.portalGuid}/membership/`;
    expect((await leaveRequest(member.client, path)).status).toBe(204);
    expect(await teamPlanOf(member.client)).toBeNull();
    expect(await memberOf(member.client)).toEqual([]);
    expect((await getTeam(owner.client)).users.map((u) => u.portal_guid)).toEqual([
      owner.user.portalGuid,
    ]);
  });
});

describe("the team's premium at the next request", () => {
  it('a removed member loses team_plan at once, in the same session', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await save(owner.client, [member.user]);
    expect(await teamPlanOf(member.client)).toBe('premium');
    expect(await memberOf(member.client)).toHaveLength(1);
    await save(owner.client, []);
    expect(await teamPlanOf(member.client)).toBeNull();
    expect(await memberOf(member.client)).toEqual([]);
    const profile = await json<{ team_plan: string | null }>(
      await member.client.get('/api/v1/profile/'),
    );
    expect(profile.team_plan).toBeNull();
  });

  it("drops members' team_plan when the owner's canceled premium reaches its date", async () => {
    const owner = await signedIn(server());
    await buy(server(), owner.client, checkoutRequest({ plan: 'premium' }));
    const member = await signedIn(server());
    expect((await save(owner.client, [member.user])).status).toBe(200);
    expect((await sendJson(owner.client, 'DELETE', '/api/autopayment/')).status).toBe(204);
    // Canceled, but paid until its date: the team still grants premium.
    expect(await teamPlanOf(member.client)).toBe('premium');
    const [row] = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.user.id));
    if (!row?.expireAt) throw new Error('no paid period');

    // At the date, before any sweep ran: premium is gone from every member.
    server().clock.advance(row.expireAt.getTime() - server().clock.now().getTime() + 1000);
    const memberLater = await signInAgain(member.user);
    const ownerLater = await signInAgain(owner.user);
    expect(await teamPlanOf(memberLater)).toBeNull();
    expect(await memberOf(memberLater)).toEqual([]);
    expect((await getTeam(ownerLater)).team_status).toBe('disabled');
    // The sweep moves the owner to free; nothing comes back.
    await server().worker.tick();
    expect(await teamPlanOf(memberLater)).toBeNull();
    expect((await save(ownerLater, [member.user])).status).toBe(403);
  });

  it("drops members' team_plan when the owner's premium expires", async () => {
    const owner = await premiumOwner(3);
    const member = await signedIn(server());
    await save(owner.client, [member.user]);
    expect(await teamPlanOf(member.client)).toBe('premium');
    server().clock.advance(3 * DAY + 1000);
    expect(await teamPlanOf(member.client)).toBeNull();
    const disabled = await getTeam(owner.client);
    expect(disabled.team_status).toBe('disabled');
    // The team and its members stay; only premium is withheld.
    expect(disabled.users.map((u) => u.portal_guid)).toEqual([
      owner.user.portalGuid,
      member.user.portalGuid,
    ]);
  });

  it('a disabled team is not listed, an active one again is', async () => {
    const owner = await signedIn(server());
    const member = await signedIn(server());
    await premiumUntil(owner.user, 10);
    await save(owner.client, [member.user]);
    expect(await memberOf(member.client)).toHaveLength(1);
    await server()
      .db.update(subscriptions)
      .set({ plan: 'mini' })
      .where(eq(subscriptions.userId, owner.user.id));
    // Written straight in the database: on PostgreSQL its notification reaches the
    // cache a moment later, over another connection.
    await server().sessionCache.settle();
    expect(await memberOf(member.client)).toEqual([]);
    expect(await teamPlanOf(member.client)).toBeNull();
    await server()
      .db.update(subscriptions)
      .set({ plan: 'premium' })
      .where(eq(subscriptions.userId, owner.user.id));
    await server().sessionCache.settle();
    expect(await memberOf(member.client)).toHaveLength(1);
  });
});

describe('the user lookup', () => {
  it('answers one exact username, never a listing or a pattern match', async () => {
    const { client } = await signedIn(server());
    const { user } = await server().createUser({ username: 'Lookup_Target' });
    const found = await client.get('/api/v1/users/?username=Lookup_Target');
    expect(found.status).toBe(200);
    const body = await json(found);
    expect(Array.isArray(body)).toBe(false);
    // Only the public fields: no e-mail, id or anything else.
    expect(Object.keys(body).sort()).toEqual([
      'first_name',
      'last_name',
      'portal_guid',
      'username',
    ]);
    expect(body).toMatchObject({ portal_guid: user.portalGuid });
    for (const probe of ['Lookup%', 'Lookup_%', '%', '_', '*', 'lookup_target', 'Lookup']) {
      const response = await client.get(`/api/v1/users/?username=${encodeURIComponent(probe)}`);
      expect(response.status).toBe(404);
    }
  });

  it('is throttled per account with 429 and Retry-After', async () => {
    const { client } = await signedIn(server());
    for (let i = 0; i < LIMITS.userLookup.max; i++) {
      expect((await client.get(`/api/v1/users/?username=nobody${i}`)).status).toBe(404);
    }
    const refused = await client.get('/api/v1/users/?username=nobody');
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ code: 'too_many_requests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account has its own budget.
    const other = await signedIn(server());
    expect((await other.client.get('/api/v1/users/?username=nobody')).status).toBe(404);
    // A new window opens after the old one.
    server().clock.advance(LIMITS.userLookup.windowMs);
    expect((await client.get('/api/v1/users/?username=nobody')).status).toBe(404);
  });
});

describe('the seat-limit switch in production', () => {
  it('is absent', async () => {
    const { user, password } = await production().createUser();
    const client = production().client();
    const login = await client.postForm('/api/auth/login/', { login: user.username, password });
    expect(login.status).toBe(200);
    const response = await client.postJson('/api/dev/teams/max-size', { max_size: 50 });
    expect(response.status).toBe(404);
    expect(await production().db.select().from(teams)).toEqual([]);
  });
});
