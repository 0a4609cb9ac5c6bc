import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Profile } from '../../contract/profile.ts';
import { Team, TeamList, TEAM_USERS_MAX, UserLookup } from '../../contract/teams.ts';
import { Webgis } from '../../contract/webgis.ts';
import { teamMembers, teams, users, webgisInstances, type User } from '../../server/db/schema.ts';
import { effectivePlan, teamPlan } from '../../server/teams/effective-plan.ts';
import { saveTeam } from '../../server/teams/teams.ts';
import { checkWebgisPlans } from '../../server/webgis/plan-rule.ts';
import { WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { json, sendJson, setPlan as setPlanIn, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { mailsTo } from './identity.ts';

/*
 * Teams (sections 2, 6 and 7; docs/decisions/0016 and 0601): the own team, saving it,
 * the teams one is a member of, the lookup by username, the seat limit and the team
 * part of the effective plan.
 */

const server = useTestServer({ env: { WEBGIS_PROVISION_SECONDS: '0' } });
const DAY = 24 * 60 * 60 * 1000;
const GIB = 1024 ** 3;

const setPlan = (user: User, plan: 'free' | 'mini' | 'premium' = 'premium', days = 30) =>
  setPlanIn(server(), user.id, plan, days);

async function premiumOwner() {
  const owner = await signedIn(server());
  await setPlan(owner.user);
  return owner;
}

const getTeam = async (client: TestClient) => {
  const response = await client.get('/api/v1/team/');
  expect(response.status).toBe(200);
  return v.parse(Team, await response.json());
};
const memberOf = async (client: TestClient) => {
  const response = await client.get('/api/v1/teams/');
  expect(response.status).toBe(200);
  return v.parse(TeamList, await response.json());
};
const save = (client: TestClient, body: unknown) =>
  sendJson(client, 'PATCH', '/api/v1/team/', body);
const saveUsers = async (client: TestClient, members: User[]) => {
  const response = await save(client, { users: members.map((m) => m.portalGuid) });
  expect(response.status).toBe(200);
  return v.parse(Team, await response.json());
};
const guidsOf = (team: Team) => team.users.map((u) => u.portal_guid);
const subscriptionTeamPlan = async (client: TestClient) =>
  (
    await json<{ subscription: { team_plan: string | null } }>(
      await client.get('/api/subscription/'),
    )
  ).subscription.team_plan;
const profileOf = async (client: TestClient) =>
  v.parse(Profile, await json(await client.get('/api/v1/profile/')));
const teamRowsOf = (ownerId: number) =>
  server().db.select().from(teams).where(eq(teams.ownerId, ownerId));

/** Confirmed users who are not signed in anywhere. */
async function someUsers(count: number): Promise<User[]> {
  const list: User[] = [];
  for (let i = 0; i < count; i++) list.push((await server().createUser()).user);
  return list;
}

async function errorOf(response: Response) {
  return json<{ errors: { code: string; source: { pointer: string } }[] }>(response);
}

describe('GET /api/v1/team/', () => {
  it('needs a signed-in user', async () => {
    const response = await server().client().get('/api/v1/team/');
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ code: 'not_authenticated' });
  });

  it('answers a team of just the user before the first save, storing nothing', async () => {
    const { user, client } = await signedIn(server(), { firstName: 'Ann', lastName: 'Lee' });
    expect(await getTeam(client)).toEqual({
      users: [
        {
          portal_guid: user.portalGuid,
          username: user.username,
          first_name: 'Ann',
          last_name: 'Lee',
          owner: true,
        },
      ],
      max_size: 5,
      owner_id: user.portalGuid,
      owner_username: user.username,
      team_status: 'disabled',
      owned_by_target_user: true,
    });
    expect(await teamRowsOf(user.id)).toEqual([]);
  });

  it('is active while the own plan is premium, disabled on mini', async () => {
    const { user, client } = await premiumOwner();
    expect((await getTeam(client)).team_status).toBe('active');
    await setPlan(user, 'mini');
    expect((await getTeam(client)).team_status).toBe('disabled');
  });
});

describe('PATCH /api/v1/team/', () => {
  it('refuses a user whose own plan is not premium, storing nothing', async () => {
    const [other] = await someUsers(1);
    for (const plan of ['free', 'mini'] as const) {
      const { user, client } = await signedIn(server());
      await setPlan(user, plan);
      const response = await save(client, { users: [other?.portalGuid] });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).errors[0]?.code).toBe('premium_required');
      expect(await teamRowsOf(user.id)).toEqual([]);
    }
  });

  it('refuses a premium that has ended even before the sweep moved it to free', async () => {
    const { user, client } = await premiumOwner();
    await setPlan(user, 'premium', 1);
    server().clock.advance(2 * DAY);
    try {
      expect((await save(client, { users: [] })).status).toBe(403);
      expect((await getTeam(client)).team_status).toBe('disabled');
    } finally {
      server().clock.advance(-2 * DAY);
    }
  });

  it('saves the members, the owner first and always kept, and GET answers the same', async () => {
    const { user, client } = await premiumOwner();
    const [a, b, c] = await someUsers(3);
    if (!a || !b || !c) throw new Error('no users');
    // Not listing the owner keeps them; listing them (or a guid twice) adds nothing.
    const saved = await saveUsers(client, [a, b]);
    expect(guidsOf(saved)).toEqual([user.portalGuid, a.portalGuid, b.portalGuid]);
    expect(saved.users.map((u) => u.owner)).toEqual([true, false, false]);
    expect(saved).toMatchObject({
      owner_id: user.portalGuid,
      owner_username: user.username,
      team_status: 'active',
      owned_by_target_user: true,
      max_size: 5,
    });
    expect(await getTeam(client)).toEqual(saved);

    const again = await saveUsers(client, [b, user, c, c]);
    expect(guidsOf(again)).toEqual([user.portalGuid, b.portalGuid, c.portalGuid]);
    // Removing everyone leaves the owner.
    expect(guidsOf(await saveUsers(client, []))).toEqual([user.portalGuid]);
    expect(await teamRowsOf(user.id)).toHaveLength(1);
  });

  it('takes guids in any letter case', async () => {
    const { user, client } = await premiumOwner();
    const [a] = await someUsers(1);
    const response = await save(client, { users: [a?.portalGuid.toUpperCase()] });
    expect(response.status).toBe(200);
    expect(guidsOf(v.parse(Team, await response.json()))).toEqual([user.portalGuid, a?.portalGuid]);
  });

  it.each([
    ['an unknown guid', { users: ['00000000-0000-4000-8000-000000000000'] }],
    ['a text that is no guid', { users: ['not-a-guid'] }],
    ['a number', { users: [42] }],
    ['no list', { users: 'a' }],
    ['no users field', {}],
    ['too many users', { users: Array.from({ length: TEAM_USERS_MAX + 1 }, () => 'x') }],
    ['a too long guid', { users: ['a'.repeat(65)] }],
  ])('answers 400 at `users` for %s, changing nothing', async (_, body) => {
    const { user, client } = await premiumOwner();
    const [a] = await someUsers(1);
    await saveUsers(client, a ? [a] : []);
    const response = await save(client, body);
    expect(response.status).toBe(400);
    const { errors } = await errorOf(response);
    expect(errors.map((e) => e.source.pointer)).toEqual(['users']);
    expect(['invalid_input', 'required']).toContain(errors[0]?.code);
    expect(guidsOf(await getTeam(client))).toEqual([user.portalGuid, a?.portalGuid]);
  });

  it('refuses a known guid with more around it', async () => {
    const { user, client } = await premiumOwner();
    const [a] = await someUsers(1);
    for (const guid of [`x${a?.portalGuid}`, `${a?.portalGuid}x`]) {
      const response = await save(client, { users: [guid] });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).errors[0]?.source.pointer).toBe('users');
    }
    expect(await teamRowsOf(user.id)).toEqual([]);
  });

  it('refuses a known guid mixed with an unknown one as a whole', async () => {
    const { user, client } = await premiumOwner();
    const [a] = await someUsers(1);
    const response = await save(client, {
      users: [a?.portalGuid, '00000000-0000-4000-8000-000000000001'],
    });
    expect(response.status).toBe(400);
    expect(await teamRowsOf(user.id)).toEqual([]);
  });

  it('refuses an account whose sign-up is unfinished', async () => {
    const { client } = await premiumOwner();
    const { user: pending } = await server().createUser({ emailConfirmedAt: null });
    const response = await save(client, { users: [pending.portalGuid] });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).errors[0]?.source.pointer).toBe('users');
  });

  it('answers 415 for a form body and 403 without the CSRF header', async () => {
    const { client } = await premiumOwner();
    const form = await client.request('/api/v1/team/', {
      method: 'PATCH',
      body: 'users=a',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const noCsrf = await client.request('/api/v1/team/', {
      method: 'PATCH',
      body: JSON.stringify({ users: [] }),
      headers: { 'Content-Type': 'application/json' },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
  });

  it('makes one team of two first saves at once', async () => {
    const { user, client } = await premiumOwner();
    const [a, b] = await someUsers(2);
    if (!a || !b) throw new Error('no users');
    const answers = await Promise.all([
      save(client, { users: [a.portalGuid] }),
      save(client, { users: [b.portalGuid] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await teamRowsOf(user.id)).toHaveLength(1);
    const last = guidsOf(await getTeam(client));
    expect([
      [user.portalGuid, a.portalGuid],
      [user.portalGuid, b.portalGuid],
    ]).toContainEqual(last);
  });

  it('makes one team of two first saves at once, called as commands', async () => {
    const { user } = await premiumOwner();
    const [a, b] = await someUsers(2);
    if (!a || !b) throw new Error('no users');
    const { db, clock, config, jobs } = server();
    const deps = { db, clock, config, jobs };
    const saved = await Promise.all([
      saveTeam(deps, user, [a.portalGuid]),
      saveTeam(deps, user, [b.portalGuid]),
      saveTeam(deps, user, [a.portalGuid, b.portalGuid]),
    ]);
    expect(saved).toHaveLength(3);
    const rows = await teamRowsOf(user.id);
    expect(rows).toHaveLength(1);
    const members = await server()
      .db.select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, rows[0]?.id ?? 0));
    expect(members.length).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/v1/teams/', () => {
  it('lists the teams the user is a member of, not the own one', async () => {
    const first = await premiumOwner();
    const second = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(first.client, [member.user]);
    await saveUsers(second.client, [member.user, first.user]);
    // The member's own team (never saved) is not listed.
    const listed = await memberOf(member.client);
    expect(listed.map((t) => t.owner_id)).toEqual([first.user.portalGuid, second.user.portalGuid]);
    for (const team of listed) {
      expect(team).toMatchObject({ owned_by_target_user: false, team_status: 'active' });
      expect(team.users[0]).toMatchObject({ owner: true, username: team.owner_username });
    }
    // An owner who is also a member elsewhere sees that team only.
    expect((await memberOf(first.client)).map((t) => t.owner_id)).toEqual([second.user.portalGuid]);
    expect(await memberOf(second.client)).toEqual([]);
  });

  it('leaves out a team whose owner is no longer premium', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    expect(await memberOf(member.client)).toHaveLength(1);
    await setPlan(owner.user, 'mini');
    expect(await memberOf(member.client)).toEqual([]);
    expect((await getTeam(owner.client)).team_status).toBe('disabled');
  });

  it('needs a signed-in user', async () => {
    expect((await server().client().get('/api/v1/teams/')).status).toBe(401);
  });
});

describe('DELETE /api/v1/teams/{owner_id}/membership/', () => {
  const leave = (client: TestClient, ownerGuid: string) =>
    sendJson(client, 'DELETE', `/api/v1/teams/${ownerGuid}/membership/`);

  it('takes the member out of the team and its plan at the next request, keeping the others', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    const other = await signedIn(server());
    await saveUsers(owner.client, [member.user, other.user]);
    // Read (and so cached) before leaving: the plan through the team and the listing.
    expect(await subscriptionTeamPlan(member.client)).toBe('premium');
    expect((await profileOf(member.client)).team_plan).toBe('premium');
    expect((await memberOf(member.client)).map((t) => t.owner_id)).toEqual([owner.user.portalGuid]);

    // The owner's guid in any letter case.
    const response = await leave(member.client, owner.user.portalGuid.toUpperCase());
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    expect(await memberOf(member.client)).toEqual([]);
    expect(await subscriptionTeamPlan(member.client)).toBeNull();
    expect((await profileOf(member.client)).team_plan).toBeNull();
    expect((await effectivePlan(server().db, member.user.id)).effective).toBe('free');
    // The other member stays, with the plan; the owner's team answers without the leaver.
    expect(guidsOf(await getTeam(owner.client))).toEqual([
      owner.user.portalGuid,
      other.user.portalGuid,
    ]);
    expect(await subscriptionTeamPlan(other.client)).toBe('premium');
    // The team is no longer the ex-member's: leaving again finds nothing.
    const again = await leave(member.client, owner.user.portalGuid);
    expect(again.status).toBe(404);
    expect(await json(again)).toMatchObject({ code: 'not_found' });
  });

  it("tells the owner by mail in the owner's language", async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    await server().db.update(users).set({ locale: 'ru' }).where(eq(users.id, owner.user.id));
    expect(await mailsTo(server(), owner.user.email)).toEqual([]);

    expect((await leave(member.client, owner.user.portalGuid)).status).toBe(204);
    const mails = await mailsTo(server(), owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`${member.user.username} покинул(а) вашу команду`);
    expect(mails[0]?.text).toContain(`${server().config.publicUrl}/ru/teammanage/owner`);
    expect(mails[0]?.headers['List-Unsubscribe']).toMatch(/\/api\/v1\/unsubscribe\//);
    // Leaving sends the member nothing (their one mail is the notice of being added).
    expect((await mailsTo(server(), member.user.email)).map((m) => m.subject)).toEqual([
      `${owner.user.username} added you to their team`,
    ]);

    const english = await premiumOwner();
    await saveUsers(english.client, [member.user]);
    expect((await leave(member.client, english.user.portalGuid)).status).toBe(204);
    const [mail] = await mailsTo(server(), english.user.email);
    expect(mail?.subject).toBe(`${member.user.username} left your team`);
    expect(mail?.text).toContain(`${server().config.publicUrl}/en/teammanage/owner`);
  });

  it('refuses the owner: they stay in their own team', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    for (const guid of [owner.user.portalGuid, owner.user.portalGuid.toUpperCase()]) {
      const response = await leave(owner.client, guid);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        errors: [{ code: 'owner_cannot_leave', source: { pointer: '' } }],
      });
    }
    // Before any save too (the team of just themselves).
    const fresh = await premiumOwner();
    expect((await leave(fresh.client, fresh.user.portalGuid)).status).toBe(403);
    expect(await teamRowsOf(fresh.user.id)).toEqual([]);
    expect(guidsOf(await getTeam(owner.client))).toEqual([
      owner.user.portalGuid,
      member.user.portalGuid,
    ]);
    expect(await mailsTo(server(), owner.user.email)).toEqual([]);
  });

  it('answers 404 to a user who is not a member, changing nothing', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    const stranger = await signedIn(server());
    const elsewhere = await premiumOwner();
    await saveUsers(owner.client, [member.user]);
    await saveUsers(elsewhere.client, [stranger.user]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const around = [`x${owner.user.portalGuid}`, `${elsewhere.user.portalGuid}x`];
    const guids = [owner.user.portalGuid, unknown, 'not-a-guid', member.user.portalGuid];
    for (const guid of [...guids, ...around]) {
      const response = await leave(stranger.client, guid);
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ code: 'not_found' });
    }
    expect(guidsOf(await getTeam(owner.client))).toEqual([
      owner.user.portalGuid,
      member.user.portalGuid,
    ]);
    // The stranger's own membership elsewhere is untouched by those attempts.
    expect((await memberOf(stranger.client)).map((t) => t.owner_id)).toEqual([
      elsewhere.user.portalGuid,
    ]);
    expect(await mailsTo(server(), owner.user.email)).toEqual([]);
  });

  it('lets a member leave a team whose owner is no longer premium', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    await setPlan(owner.user, 'mini');
    expect((await leave(member.client, owner.user.portalGuid)).status).toBe(204);
    await setPlan(owner.user, 'premium');
    expect(await memberOf(member.client)).toEqual([]);
  });

  it('of two leaves at once, one leaves and the other finds nothing; one mail', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    const answers = await Promise.all([
      leave(member.client, owner.user.portalGuid),
      leave(member.client, owner.user.portalGuid),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, 404]);
    expect(guidsOf(await getTeam(owner.client))).toEqual([owner.user.portalGuid]);
    expect(await mailsTo(server(), owner.user.email)).toHaveLength(1);
  });

  it('needs a session and the CSRF header', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    expect((await leave(server().client(), owner.user.portalGuid)).status).toBe(401);
    const noCsrf = await member.client.request(
      `/api/v1/teams/${owner.user.portalGuid}/membership/`,
      {
        method: 'DELETE',
        csrf: false,
      },
    );
    expect(noCsrf.status).toBe(403);
    expect(await memberOf(member.client)).toHaveLength(1);
  });
});

describe('the seat limit and the team plan', () => {
  it('grants premium to members while the team holds at most max_size users', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    const others = await someUsers(4);
    expect(await subscriptionTeamPlan(member.client)).toBeNull();

    // Five users with the owner: within the limit.
    await saveUsers(owner.client, [member.user, ...others.slice(0, 3)]);
    expect(await subscriptionTeamPlan(member.client)).toBe('premium');
    expect(await profileOf(member.client)).toMatchObject({ plan: 'free', team_plan: 'premium' });
    expect(await effectivePlan(server().db, member.user.id, server().clock.now())).toEqual({
      own: 'free',
      team: 'premium',
      effective: 'premium',
    });

    // Six: saved all the same, and premium is withheld from every member.
    const over = await saveUsers(owner.client, [member.user, ...others]);
    expect(over.users).toHaveLength(6);
    expect(over.team_status).toBe('active');
    expect(await subscriptionTeamPlan(member.client)).toBeNull();
    expect((await profileOf(member.client)).team_plan).toBeNull();
    for (const other of others) {
      expect(await teamPlan(server().db, other.id, server().clock.now())).toBeNull();
    }
    // The owner's own plan is untouched, and the owner has no team plan of their own.
    expect(await effectivePlan(server().db, owner.user.id, server().clock.now())).toEqual({
      own: 'premium',
      team: null,
      effective: 'premium',
    });

    // Back within the limit by removing one user.
    await saveUsers(owner.client, [member.user, ...others.slice(1)]);
    expect(await subscriptionTeamPlan(member.client)).toBe('premium');
  });

  it('keeps the own plan when it is higher, and counts any active team within its limit', async () => {
    const small = await premiumOwner();
    const big = await premiumOwner();
    const member = await signedIn(server());
    await setPlan(member.user, 'mini');
    await saveUsers(small.client, [member.user]);
    await saveUsers(big.client, [member.user, ...(await someUsers(5))]);
    expect(await effectivePlan(server().db, member.user.id, server().clock.now())).toEqual({
      own: 'mini',
      team: 'premium',
      effective: 'premium',
    });
    // The only team within its limit stops being active: mini again.
    await setPlan(small.user, 'free');
    expect(await effectivePlan(server().db, member.user.id, server().clock.now())).toEqual({
      own: 'mini',
      team: null,
      effective: 'mini',
    });
  });

  it('answers free for an unknown user', async () => {
    expect(await effectivePlan(server().db, 987_654)).toEqual({
      own: 'free',
      team: null,
      effective: 'free',
    });
  });
});

describe('POST /api/dev/teams/max-size', () => {
  it("sets the signed-in owner's max_size, making the team row when needed", async () => {
    const owner = await premiumOwner();
    const response = await owner.client.postJson('/api/dev/teams/max-size', { max_size: 2 });
    expect(response.status).toBe(200);
    expect(v.parse(Team, await response.json())).toMatchObject({
      max_size: 2,
      users: [{ owner: true }],
    });
    expect(await teamRowsOf(owner.user.id)).toMatchObject([{ maxSize: 2 }]);

    const [a, b] = await someUsers(2);
    if (!a || !b) throw new Error('no users');
    await saveUsers(owner.client, [a]);
    expect(await teamPlan(server().db, a.id, server().clock.now())).toBe('premium');
    await saveUsers(owner.client, [a, b]);
    expect(await teamPlan(server().db, a.id, server().clock.now())).toBeNull();
    expect((await getTeam(owner.client)).max_size).toBe(2);
    await owner.client.postJson('/api/dev/teams/max-size', { max_size: 3 });
    expect(await teamPlan(server().db, a.id, server().clock.now())).toBe('premium');
  });

  it.each([[{ max_size: 0 }], [{ max_size: 1.5 }], [{ max_size: '3' }], [{}]])(
    'answers 400 at max_size for %o',
    async (body) => {
      const owner = await premiumOwner();
      const response = await owner.client.postJson('/api/dev/teams/max-size', body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).errors[0]?.source.pointer).toBe('max_size');
      expect(await teamRowsOf(owner.user.id)).toEqual([]);
    },
  );

  it('needs a session and the CSRF header', async () => {
    const anonymous = server().client();
    await anonymous.get('/api/v1/countries/');
    expect((await anonymous.postJson('/api/dev/teams/max-size', { max_size: 2 })).status).toBe(401);
    const owner = await premiumOwner();
    const noHeader = await owner.client.postJson(
      '/api/dev/teams/max-size',
      { max_size: 2 },
      { csrf: false },
    );
    expect(noHeader.status).toBe(403);
    const wrong = await owner.client.postJson(
      '/api/dev/teams/max-size',
      { max_size: 2 },
      { csrf: 'forged.token' },
    );
    expect(wrong.status).toBe(403);
    const crossSite = await owner.client.postJson(
      '/api/dev/teams/max-size',
      { max_size: 2 },
      { headers: { 'Sec-Fetch-Site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
    expect(await teamRowsOf(owner.user.id)).toEqual([]);
  });
});

describe('GET /api/v1/users/?username=', () => {
  it('answers the account with exactly that username', async () => {
    const { client } = await signedIn(server());
    const { user } = await server().createUser({
      username: 'MixedCase',
      firstName: 'Bo',
      lastName: 'Ek',
    });
    const response = await client.get('/api/v1/users/?username=MixedCase');
    expect(response.status).toBe(200);
    expect(v.parse(UserLookup, await response.json())).toEqual({
      portal_guid: user.portalGuid,
      username: 'MixedCase',
      first_name: 'Bo',
      last_name: 'Ek',
    });
    for (const other of ['mixedcase', 'Mixed', 'MixedCase2', 'Mixed%']) {
      const missing = await client.get(`/api/v1/users/?username=${encodeURIComponent(other)}`);
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).errors[0]?.code).toBe('user_not_found');
    }
  });

  it('does not find an account whose sign-up is unfinished', async () => {
    const { client } = await signedIn(server());
    await server().createUser({ username: 'halfway', emailConfirmedAt: null });
    expect((await client.get('/api/v1/users/?username=halfway')).status).toBe(404);
  });

  it('answers 400 at username without one, 401 signed out', async () => {
    const { client } = await signedIn(server());
    for (const query of ['', '?username=', '?username=%20']) {
      const response = await client.get(`/api/v1/users/${query}`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).errors[0]).toMatchObject({
        code: 'required',
        source: { pointer: 'username' },
      });
    }
    const long = await client.get(`/api/v1/users/?username=${'a'.repeat(151)}`);
    expect(long.status).toBe(400);
    expect((await server().client().get('/api/v1/users/?username=demo')).status).toBe(401);
  });
});

describe('the personal-data export and account removal', () => {
  it('exports the own team and the memberships', async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    const [other] = await someUsers(1);
    if (!other) throw new Error('no users');
    await saveUsers(owner.client, [member.user, other]);
    const ownerData = await json<{
      account: { portal_guid: string };
      teams: { own_team: { max_size: number; members: { username: string }[] } | null };
    }>(await owner.client.get('/api/v1/profile/export/'));
    expect(ownerData.account.portal_guid).toBe(owner.user.portalGuid);
    // Each time as an ISO instant.
    const now = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(ownerData.teams.own_team).toMatchObject({
      max_size: 5,
      created_at: now,
      members: [
        { username: member.user.username, added_at: now },
        { username: other.username, added_at: now },
      ],
    });
    const memberData = await json<{
      profile: { team_plan: string | null };
      teams: { own_team: unknown; memberships: { owner_username: string }[] };
    }>(await member.client.get('/api/v1/profile/export/'));
    expect(memberData.profile.team_plan).toBe('premium');
    expect(memberData.teams).toMatchObject({
      own_team: null,
      memberships: [
        {
          owner_guid: owner.user.portalGuid,
          owner_username: owner.user.username,
          added_at: now,
        },
      ],
    });
  });

  it("removing a member's account shrinks the team; removing the owner's ends it", async () => {
    const owner = await premiumOwner();
    const leaving = await signedIn(server());
    const staying = await signedIn(server());
    const elsewhere = await premiumOwner();
    await saveUsers(owner.client, [leaving.user, staying.user]);
    await saveUsers(elsewhere.client, [staying.user]);

    const removed = await leaving.client.request('/api/v1/profile/', { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(guidsOf(await getTeam(owner.client))).toEqual([
      owner.user.portalGuid,
      staying.user.portalGuid,
    ]);

    expect((await owner.client.request('/api/v1/profile/', { method: 'DELETE' })).status).toBe(204);
    expect(await teamRowsOf(owner.user.id)).toEqual([]);
    const listed = await memberOf(staying.client);
    expect(listed.map((t) => t.owner_id)).toEqual([elsewhere.user.portalGuid]);
    expect(guidsOf(await getTeam(elsewhere.client))).toEqual([
      elsewhere.user.portalGuid,
      staying.user.portalGuid,
    ]);
    const orphans = await server()
      .db.select()
      .from(teamMembers)
      .leftJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.userId, leaving.user.id));
    expect(orphans).toEqual([]);
  });
});

describe('web GIS through a team', () => {
  const myWebgis = async (client: TestClient) =>
    v.parse(Webgis, await json(await client.get('/api/v1/webgis/my/')));

  it("holds a member's instance against premium while the team grants it", async () => {
    const owner = await premiumOwner();
    const member = await signedIn(server());
    await saveUsers(owner.client, [member.user]);
    const created = await member.client.postJson('/api/v1/webgis/', {
      subdomain_name: 'teamwork',
      language: 'en',
      location_id: 'eu-central',
    });
    expect(created.status).toBe(201);
    await server().jobs.drain([WEBGIS_PROVISION_QUEUE]);
    await server()
      .db.update(webgisInstances)
      .set({ storageBytes: 20 * GIB, privateResources: 3 })
      .where(eq(webgisInstances.userId, member.user.id));

    await checkWebgisPlans(server());
    await server().sessionCache.settle();
    // The answer's plan drives the page's actions: premium through the team.
    expect(await myWebgis(member.client)).toMatchObject({ state: 'started', plan: 'premium' });
    const [checked] = await server()
      .db.select()
      .from(webgisInstances)
      .where(eq(webgisInstances.userId, member.user.id));
    expect(checked?.checkedPlan).toBe('premium');

    // Removed from the team: the free limits apply at the next check.
    await saveUsers(owner.client, []);
    await checkWebgisPlans(server());
    await server().sessionCache.settle();
    expect(await myWebgis(member.client)).toMatchObject({ state: 'disabled', plan: 'free' });

    await saveUsers(owner.client, [member.user]);
    await checkWebgisPlans(server());
    await server().sessionCache.settle();
    expect(await myWebgis(member.client)).toMatchObject({ state: 'started' });
  });
});
