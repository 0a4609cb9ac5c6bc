import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCheckoutId } from '../../server/billing/ids.ts';
import {
  autopayments,
  checkouts,
  invoiceRequests,
  onpremiseBindings,
  passkeys,
  recoveryCodes,
  securityEvents,
  sessions,
  socialAccounts,
  subscriptions,
  teamInvitations,
  teamMembers,
  teams,
  twoFactors,
  users,
  webgisInstances,
} from '../../server/db/schema.ts';
import { WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { autopaymentRow, sendJson, setPlan, signedIn } from './billing.ts';
import { DAY, useTestServer, type TestClient, type TestServer } from './harness.ts';
import { statementCounter } from './statements.ts';

/*
 * The reads of a user's own rows from memory (server/user-reads.ts): each is served
 * without a statement while warm, and a change to its rows made by any code path or
 * process (here straight in the database) is in the next read, because the table's
 * trigger names the user at commit (migrations 0029, 0031). With the trigger off the read
 * stays as it was: the trigger alone keeps it right.
 */
const server = useTestServer({ env: { WEBGIS_PROVISION_SECONDS: '0' } });

type Change = {
  path: string;
  trigger: string;
  table: string;
  change: (userId: number) => Promise<unknown>;
};

const db = () => server().db;
let linked = 0;
const reads: [string, Change][] = [
  [
    'the security log',
    {
      path: '/api/v1/security/events/',
      table: 'security_events',
      trigger: 'security_events_inserted',
      change: (userId) =>
        db().insert(securityEvents).values({ userId, kind: 'password_changed', method: null }),
    },
  ],
  [
    'the sessions list',
    {
      path: '/api/v1/sessions/',
      table: 'sessions',
      trigger: 'sessions_inserted',
      change: (userId) =>
        db()
          .insert(sessions)
          .values({
            tokenHash: randomBytes(32).toString('hex'),
            userId,
            expiresAt: new Date(server().clock.now().getTime() + DAY),
          }),
    },
  ],
  [
    'the payment history',
    {
      path: '/api/v1/payments/?page=1',
      table: 'invoice_requests',
      trigger: 'invoice_requests_changed',
      change: (userId) =>
        db().insert(invoiceRequests).values({
          userId,
          plan: 'premium',
          annualPayment: true,
          amount: 1000,
          currency: 'rub',
          companyName: 'Co',
          contactPerson: 'Ann',
          contactEmail: 'ann@example.com',
          contactPhone: '+7 900 000 00 00',
          registrationNumber: '1',
          taxNumber: '1',
          companyAddress: 'Moscow',
          bankDetails: 'Bank',
          createdAt: server().clock.now(),
        }),
    },
  ],
  [
    'the on-premise bindings',
    {
      path: '/api/v1/onpremise/bindings/',
      table: 'onpremise_bindings',
      trigger: 'onpremise_bindings_changed',
      change: (userId) =>
        db()
          .insert(onpremiseBindings)
          .values({ userId, identifier: randomBytes(8).toString('hex').toUpperCase() }),
    },
  ],
  [
    'the social links',
    {
      path: '/api/v1/profile/social/',
      table: 'social_accounts',
      trigger: 'social_accounts_changed',
      change: (userId) =>
        db()
          .insert(socialAccounts)
          .values({
            userId,
            provider: (linked += 1) === 1 ? 'github' : 'google',
            subject: randomBytes(8).toString('hex'),
            email: 'ann@example.com',
            linkedAt: server().clock.now(),
          }),
    },
  ],
  [
    'the subscription',
    {
      path: '/api/subscription/',
      table: 'subscriptions',
      trigger: 'subscriptions_changed',
      // A column plans are not read from: only this trigger tells of it.
      change: (userId) =>
        db()
          .update(subscriptions)
          .set({ canceledAt: server().clock.now() })
          .where(eq(subscriptions.userId, userId)),
    },
  ],
  [
    'the web GIS',
    {
      path: '/api/v1/webgis/my/',
      table: 'webgis_instances',
      trigger: 'webgis_instances_changed',
      change: (userId) =>
        db()
          .update(webgisInstances)
          .set({ state: 'disabled' })
          .where(eq(webgisInstances.userId, userId)),
    },
  ],
  [
    'the passkeys',
    {
      path: '/api/v1/security/passkeys/',
      table: 'passkeys',
      trigger: 'passkeys_changed',
      change: (userId) =>
        db()
          .insert(passkeys)
          .values({
            userId,
            credentialId: randomBytes(16).toString('base64url'),
            publicKey: randomBytes(32).toString('base64url'),
            deviceType: 'multiDevice',
            backedUp: true,
            name: 'Laptop',
          }),
    },
  ],
  [
    'the saved card',
    {
      path: '/api/v1/card/',
      table: 'autopayments',
      trigger: 'autopayments_changed',
      // Each time a card of other last digits.
      change: (userId) => {
        const card = {
          cardBrand: 'visa',
          cardLast4: String(1000 + Math.floor(Math.random() * 9000)),
          cardExpMonth: 12,
          cardExpYear: 2030,
        };
        return db()
          .insert(autopayments)
          .values(autopaymentRow(userId, card))
          .onConflictDoUpdate({ target: autopayments.userId, set: card });
      },
    },
  ],
  [
    'the two-step status',
    {
      path: '/api/v1/security/two-factor/',
      table: 'two_factors',
      trigger: 'two_factors_changed',
      change: (userId) =>
        db()
          .insert(twoFactors)
          .values({
            userId,
            secret: 'x',
            enabledAt: server().clock.now(),
            createdAt: server().clock.now(),
          })
          .onConflictDoUpdate({
            target: twoFactors.userId,
            set: { enabledAt: server().clock.now() },
          }),
    },
  ],
  [
    'the recovery codes left',
    {
      path: '/api/v1/security/two-factor/',
      table: 'recovery_codes',
      trigger: 'recovery_codes_changed',
      change: (userId) =>
        db()
          .insert(recoveryCodes)
          .values({
            userId,
            codeHash: randomBytes(16).toString('hex'),
            createdAt: server().clock.now(),
          }),
    },
  ],
];

/** Writes with these triggers of `table` off: nothing tells the cache of the write. */
async function withTriggerOff(
  s: TestServer,
  table: string,
  trigger: string | readonly string[],
  write: () => Promise<unknown>,
) {
  const t = sql.raw(`"${table}"`);
  const names = (typeof trigger === 'string' ? [trigger] : trigger).map((n) => sql.raw(`"${n}"`));
  for (const name of names) await s.db.execute(sql`alter table ${t} disable trigger ${name}`);
  try {
    await write();
  } finally {
    for (const name of names) await s.db.execute(sql`alter table ${t} enable trigger ${name}`);
  }
}

describe("a user's own reads from memory", () => {
  it.each(reads)(
    '%s: none while warm; a change made anywhere is in the next read',
    async (_name, read) => {
      const s = server();
      const { user, client } = await signedIn(s);
      if (read.table === 'subscriptions') await setPlan(s, user.id, 'mini');
      // The codes left are told only while the app is on.
      if (read.table === 'recovery_codes')
        await s.db.insert(twoFactors).values({
          userId: user.id,
          secret: 'x',
          enabledAt: s.clock.now(),
          createdAt: s.clock.now(),
        });
      if (read.table === 'webgis_instances') {
        const made = await client.postJson('/api/v1/webgis/', {
          subdomain_name: `own${Date.now()}`,
          language: 'en',
          location_id: 'eu-central',
        });
        expect(made.status).toBe(201);
        await s.jobs.drain([WEBGIS_PROVISION_QUEUE]);
      }
      await s.sessionCache.settle();
      const get = async () => {
        const answer = await client.get(read.path);
        expect(answer.status).toBe(200);
        return answer.text();
      };
      const before = await get();
      const counter = statementCounter(s.handle);
      try {
        const { result, statements } = await counter.count(get);
        expect(await result).toBe(before);
        expect(statements).toEqual([]);
      } finally {
        counter.restore();
      }

      // Written with the trigger off, nothing tells the cache: the read is as it was.
      await withTriggerOff(s, read.table, read.trigger, () => read.change(user.id));
      await s.sessionCache.settle();
      expect(await get()).toBe(before);

      // Written with it on: the next read has it.
      await read.change(user.id);
      await s.sessionCache.settle();
      expect(await get()).not.toBe(before);
    },
  );

  it("keeps one user's reads when another user's rows change", async () => {
    const s = server();
    const ann = await signedIn(s);
    const bob = await signedIn(s);
    await ann.client.get('/api/v1/security/events/');
    await s.db.insert(securityEvents).values({ userId: bob.user.id, kind: 'password_changed' });
    await s.sessionCache.settle();
    const counter = statementCounter(s.handle);
    try {
      const { statements } = await counter.count(() => ann.client.get('/api/v1/security/events/'));
      expect(statements).toEqual([]);
    } finally {
      counter.restore();
    }
  });

  it('lets a session that expires leave the list at its time, with no write', async () => {
    const s = server();
    const { user, client } = await signedIn(s);
    await s.db.insert(sessions).values({
      tokenHash: randomBytes(32).toString('hex'),
      userId: user.id,
      expiresAt: new Date(s.clock.now().getTime() + 60 * 1000),
    });
    await s.sessionCache.settle();
    const listed = async () =>
      ((await (await client.get('/api/v1/sessions/')).json()) as unknown[]).length;
    expect(await listed()).toBe(2);
    expect(await listed()).toBe(2);
    // Two minutes: too soon for this browser's own session to be marked seen again (a
    // write, which would tell the cache).
    s.clock.advance(2 * 60 * 1000);
    expect(await listed()).toBe(1);
  });

  it("forgets the open checkout the price read keeps at a change to the user's checkouts", async () => {
    const s = server();
    const { user, client } = await signedIn(s);
    const kept = () => s.sessionCache.getRead(user.id, 'open-checkout', s.clock.now());
    expect((await client.get('/api/v1/subscription/price/?plan=mini')).status).toBe(200);
    expect(kept()).toBeNull();
    const open = (id: string) =>
      s.db.insert(checkouts).values({
        id,
        userId: user.id,
        kind: 'create',
        provider: 'stripe',
        status: 'pending',
        plan: 'mini',
        interval: 'monthly',
        amount: 30,
        currency: 'usd',
        createdAt: s.clock.now(),
      });
    await withTriggerOff(s, 'checkouts', 'checkouts_changed', () => open(newCheckoutId()));
    await s.sessionCache.settle();
    expect(kept()).toBeNull();
    await s.db.update(checkouts).set({ status: 'expired' }).where(eq(checkouts.userId, user.id));
    await s.sessionCache.settle();
    expect(kept()).toBeUndefined();
  });
});

/*
 * The team reads hold other users' rows: the team row, its memberships, the owner's and
 * the members' public names, the owner's plan and paid period. A change to any of them
 * names every user of the team at commit (migration 0030). Ann owns a premium team of
 * Bob and Cid; Ann reads her own team, Bob the teams he is a member of.
 */
type Team = {
  ann: Awaited<ReturnType<typeof signedIn>>;
  bob: Awaited<ReturnType<typeof signedIn>>;
  cid: Awaited<ReturnType<typeof signedIn>>;
  teamId: number;
};

type TeamChange = {
  table: string;
  /** Every trigger that tells of the change (the trigger off: all of them). */
  triggers: readonly string[];
  change: (team: Team) => Promise<unknown>;
};

async function annsTeam(s: TestServer, days = 30): Promise<Team> {
  const [ann, bob, cid] = [await signedIn(s), await signedIn(s), await signedIn(s)];
  await setPlan(s, ann.user.id, 'premium', days);
  const saved = await sendJson(ann.client, 'PATCH', '/api/v1/team/', {
    users: [bob.user.portalGuid, cid.user.portalGuid],
  });
  expect(saved.status).toBe(200);
  const [row] = await s.db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.ownerId, ann.user.id));
  await s.sessionCache.settle();
  return { ann, bob, cid, teamId: row!.id };
}

const rename = (userId: number) =>
  db()
    .update(users)
    .set({ firstName: `Renamed ${randomBytes(4).toString('hex')}` })
    .where(eq(users.id, userId));

const teamSources: [string, TeamChange][] = [
  [
    'the team row',
    {
      table: 'teams',
      triggers: ['teams_team_reads_changed'],
      change: ({ teamId }) => db().update(teams).set({ maxSize: 7 }).where(eq(teams.id, teamId)),
    },
  ],
  [
    'a membership',
    {
      table: 'team_members',
      triggers: ['team_members_team_reads_changed'],
      // Another user joins (each time a new one): Ann's and Bob's reads list them.
      change: async ({ teamId }) => {
        const { user } = await server().createUser();
        return db().insert(teamMembers).values({ teamId, userId: user.id });
      },
    },
  ],
  [
    "a member's name",
    {
      table: 'users',
      triggers: ['users_team_reads_changed', 'users_session_changed'],
      change: ({ cid }) => rename(cid.user.id),
    },
  ],
  [
    "the owner's name",
    {
      table: 'users',
      triggers: ['users_team_reads_changed', 'users_session_changed'],
      change: ({ ann }) => rename(ann.user.id),
    },
  ],
  [
    "the owner's plan",
    {
      table: 'subscriptions',
      triggers: ['subscriptions_team_reads_changed', 'subscriptions_changed'],
      change: ({ ann }) =>
        db()
          .update(subscriptions)
          .set({ plan: 'mini' })
          .where(eq(subscriptions.userId, ann.user.id)),
    },
  ],
  [
    "the owner's paid period",
    {
      table: 'subscriptions',
      triggers: ['subscriptions_team_reads_changed', 'subscriptions_changed'],
      change: ({ ann }) =>
        db()
          .update(subscriptions)
          .set({ expireAt: new Date(server().clock.now().getTime() - DAY) })
          .where(eq(subscriptions.userId, ann.user.id)),
    },
  ],
];

const teamReads: [string, string, (team: Team) => TestClient][] = [
  ['the own team', '/api/v1/team/', ({ ann }) => ann.client],
  ['the teams of a member', '/api/v1/teams/', ({ bob }) => bob.client],
];

async function answer(client: TestClient, path: string) {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return response.text();
}

describe('the team reads from memory', () => {
  const cases = teamReads.flatMap(([read, path, reader]) =>
    teamSources.map(([source, change]) => [`${read}, ${source}`, path, reader, change] as const),
  );

  it.each(cases)(
    '%s: none while warm; a change made anywhere is in the next read',
    async (_name, path, reader, source) => {
      const s = server();
      const team = await annsTeam(s);
      const client = reader(team);
      const before = await answer(client, path);
      const counter = statementCounter(s.handle);
      try {
        const { result, statements } = await counter.count(() => answer(client, path));
        expect(await result).toBe(before);
        expect(statements).toEqual([]);
      } finally {
        counter.restore();
      }

      // Written with the triggers off, nothing tells the cache: the read is as it was.
      await withTriggerOff(s, source.table, source.triggers, () => source.change(team));
      await s.sessionCache.settle();
      expect(await answer(client, path)).toBe(before);

      // Written with them on: the next read has it.
      await source.change(team);
      await s.sessionCache.settle();
      expect(await answer(client, path)).not.toBe(before);
    },
  );

  it('drops a team from the list of a member who left it', async () => {
    const s = server();
    const team = await annsTeam(s);
    const bobs = eq(teamMembers.userId, team.bob.user.id);
    const leave = () => s.db.delete(teamMembers).where(bobs);
    const rejoin = () =>
      s.db.insert(teamMembers).values({ teamId: team.teamId, userId: team.bob.user.id });
    const listed = async () =>
      (JSON.parse(await answer(team.bob.client, '/api/v1/teams/')) as unknown[]).length;
    const trigger = 'team_members_team_reads_changed';
    expect(await listed()).toBe(1);
    await withTriggerOff(s, 'team_members', trigger, leave);
    await s.sessionCache.settle();
    expect(await listed()).toBe(1);
    await withTriggerOff(s, 'team_members', trigger, rejoin);
    await leave();
    await s.sessionCache.settle();
    expect(await listed()).toBe(0);
  });

  it('keeps the team reads when a user outside the team changes', async () => {
    const s = server();
    const team = await annsTeam(s);
    const outsider = await signedIn(s);
    await answer(team.ann.client, '/api/v1/team/');
    await answer(team.bob.client, '/api/v1/teams/');
    await rename(outsider.user.id);
    await setPlan(s, outsider.user.id, 'premium');
    await s.sessionCache.settle();
    const counter = statementCounter(s.handle);
    try {
      const { statements } = await counter.count(async () => {
        await answer(team.ann.client, '/api/v1/team/');
        await answer(team.bob.client, '/api/v1/teams/');
      });
      expect(statements).toEqual([]);
    } finally {
      counter.restore();
    }
  });

  it("keeps the owner's invitations until one changes, and tells one expired at its time", async () => {
    const s = server();
    const team = await annsTeam(s);
    const invite = (email: string, expiresInMs: number) => {
      // A second apart: listed oldest first.
      s.clock.advance(1000);
      const now = s.clock.now();
      return s.db.insert(teamInvitations).values({
        teamId: team.teamId,
        email,
        locale: 'en',
        tokenHash: randomBytes(32).toString('hex'),
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + expiresInMs),
      });
    };
    type Told = { email: string; expired: boolean }[];
    const told = async () =>
      (JSON.parse(await answer(team.ann.client, '/api/v1/team/invitations/')) as Told).map(
        ({ email, expired }) => [email, expired],
      );
    await invite('dan@example.com', 60_000);
    await s.sessionCache.settle();
    expect(await told()).toEqual([['dan@example.com', false]]);
    const counter = statementCounter(s.handle);
    try {
      const { result, statements } = await counter.count(told);
      expect(await result).toEqual([['dan@example.com', false]]);
      expect(statements).toEqual([]);
    } finally {
      counter.restore();
    }

    // Written with the trigger off, nothing tells the cache: the read is as it was.
    const trigger = 'team_invitations_changed';
    await withTriggerOff(s, 'team_invitations', trigger, () => invite('eve@example.com', DAY));
    await s.sessionCache.settle();
    expect(await told()).toEqual([['dan@example.com', false]]);
    // Written with it on: the next read has it (and the one written unheard).
    await invite('fay@example.com', DAY);
    await s.sessionCache.settle();
    const three = await told();
    expect(three).toEqual([
      ['dan@example.com', false],
      ['eve@example.com', false],
      ['fay@example.com', false],
    ]);
    // A revoked one leaves the list.
    await s.db
      .update(teamInvitations)
      .set({ state: 'revoked', endedAt: s.clock.now() })
      .where(eq(teamInvitations.email, 'eve@example.com'));
    await s.sessionCache.settle();
    expect(await told()).toEqual([
      ['dan@example.com', false],
      ['fay@example.com', false],
    ]);
    // Two minutes on, the first is told expired, with no write.
    s.clock.advance(2 * 60 * 1000);
    expect(await told()).toEqual([
      ['dan@example.com', true],
      ['fay@example.com', false],
    ]);
  });

  it("disables the team at the end of the owner's paid period, with no write", async () => {
    const s = server();
    // The owner's paid period ends in a minute.
    const team = await annsTeam(s, 60 / (24 * 60 * 60));
    const status = async () =>
      ((await (await team.ann.client.get('/api/v1/team/')).json()) as { team_status: string })
        .team_status;
    const listed = async () =>
      ((await (await team.bob.client.get('/api/v1/teams/')).json()) as unknown[]).length;
    expect([await status(), await listed()]).toEqual(['active', 1]);
    expect([await status(), await listed()]).toEqual(['active', 1]);
    // Two minutes: too soon for the browsers' sessions to be marked seen again (a write,
    // which would tell the cache).
    s.clock.advance(2 * 60 * 1000);
    expect([await status(), await listed()]).toEqual(['disabled', 0]);
  });
});
