import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { autopayments, users } from '../../server/db/schema.ts';
import { createApp } from '../../server/app.ts';
import { SessionCache, type ChangeFeed, type PlanFacts } from '../../server/db/session-cache.ts';
import type { User } from '../../server/db/schema.ts';
import { autopaymentRow, buy, setPlan, signedIn } from './billing.ts';
import { createClient, type TestClient } from './client.ts';
import { TEST_PASSWORD_COST, useTestServer, type TestServer } from './harness.ts';

const server = useTestServer();

async function signIn(browser: TestClient, user: User, password: string): Promise<void> {
  const answer = await browser.postForm('/api/auth/login/', { login: user.username, password });
  expect(answer.status).toBeLessThan(300);
}

/** A team owner and a user to add, each signed in in a browser of their own. */
async function ownerAndMember() {
  const owner = await server().createUser();
  const member = await server().createUser();
  const ownerBrowser = server().client();
  const memberBrowser = server().client();
  await signIn(ownerBrowser, owner.user, owner.password);
  await signIn(memberBrowser, member.user, member.password);
  return { owner, member, ownerBrowser, memberBrowser };
}

/** The owner saves the team with the users `guids` (PATCH /api/v1/team/). */
const saveTeam = (ownerBrowser: TestClient, guids: string[]) =>
  ownerBrowser.request('/api/v1/team/', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ users: guids }),
  });

async function firstName(browser: TestClient): Promise<string | null> {
  const answer = await browser.get('/api/v1/profile/');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { first_name: string | null }).first_name;
}

/**
 * The change feed of a process whose notifications come late, as PostgreSQL's may under
 * load: a change is heard only when a request waits for the feed (`settle`).
 */
function lateFeed(feed: ChangeFeed): ChangeFeed {
  const held: (() => void)[] = [];
  return {
    listen: (channel, handlers) =>
      feed.listen(channel, {
        ...handlers,
        onChange: (payload) => void held.push(() => handlers.onChange(payload)),
      }),
    settle: async () => {
      await feed.settle();
      for (const hear of held.splice(0)) hear();
    },
    close: () => feed.close(),
  };
}

/** A second server process on the same database: its own app and its own cache. */
async function secondProcess(s: TestServer, late = false) {
  const feed = s.handle.changeFeed();
  const cache = new SessionCache(late ? lateFeed(feed) : feed);
  await cache.start();
  const app = createApp({
    config: s.config,
    db: s.db,
    logger: s.logger,
    clock: s.clock,
    jobs: s.jobs,
    passwordCost: TEST_PASSWORD_COST,
    sessionCache: cache,
  });
  /** The same browser (its cookies) talking to the second process. */
  const as = (browser: TestClient) => {
    const other = createClient(app);
    for (const [name, value] of browser.cookies) other.cookies.set(name, value);
    return other;
  };
  return { cache, as };
}

describe('the session cache', () => {
  it('serves a warm session without reading it, which the change trigger alone keeps right', async () => {
    const { user, password } = await server().createUser({ firstName: 'Anna' });
    const browser = server().client();
    await signIn(browser, user, password);
    expect(await firstName(browser)).toBe('Anna');

    // Without the trigger, a change made behind the app's back is not seen: the user
    // row came from the cache, not from the database.
    await server().db.execute(sql`alter table users disable trigger users_session_changed`);
    try {
      await server().db.update(users).set({ firstName: 'Bella' }).where(eq(users.id, user.id));
    } finally {
      await server().db.execute(sql`alter table users enable trigger users_session_changed`);
    }
    const profileUser = await browser.get('/api/v1/profile/');
    // The profile route reads the user from the session middleware's copy.
    expect(((await profileUser.json()) as { first_name: string }).first_name).toBe('Anna');

    // With the trigger, the same change is seen by the very next request once the
    // notifications committed so far are in, which a writing request waits for.
    await server().db.update(users).set({ firstName: 'Clara' }).where(eq(users.id, user.id));
    await server().sessionCache.settle();
    expect(await firstName(browser)).toBe('Clara');
  });

  it('sees a sign-out, a reset and a removal made by another process on the next requests', async () => {
    const other = await secondProcess(server());
    try {
      for (const end of ['sign-out', 'reset', 'removal'] as const) {
        const { user, password } = await server().createUser();
        const browser = server().client();
        await signIn(browser, user, password);
        const elsewhere = other.as(browser);
        // Warm on both processes.
        expect((await elsewhere.get('/api/v1/profile/')).status).toBe(200);
        expect((await browser.get('/api/v1/profile/')).status).toBe(200);

        if (end === 'sign-out') {
          expect((await browser.postJson('/api/auth/logout/', {})).status).toBeLessThan(300);
        } else if (end === 'reset') {
          // What a completed password reset does: every session of the user ends.
          await server().db.execute(sql`delete from sessions where user_id = ${user.id}`);
        } else {
          const removed = await browser.request('/api/v1/profile/', { method: 'DELETE' });
          expect(removed.status).toBeLessThan(300);
        }
        // The notification travels to the other process's connection; no lifetime is waited for.
        await expect
          .poll(async () => (await elsewhere.get('/api/v1/profile/')).status, { timeout: 5_000 })
          .toBe(401);
      }
    } finally {
      await other.cache.close();
    }
  });

  it('keeps a session its use has just kept alive, however late the notification of that use', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const { user, password } = await server().createUser();
    const browser = server().client();
    await signIn(browser, user, password);
    const other = await secondProcess(server(), true);
    let moved = 0;
    const advance = (ms: number) => {
      server().clock.advance(ms);
      moved += ms;
    };
    try {
      const status = async () => (await other.as(browser).get('/api/v1/profile/')).status;
      // Read and kept in the cache, its last use the sign-in.
      expect(await status()).toBe(200);
      // Used again just before it would end unused: that use is written…
      advance(7 * DAY - 1);
      expect(await status()).toBe(200);
      // …and the next request, 7 days after the sign-in, must not go by the kept copy.
      advance(2);
      expect(await status()).toBe(200);
    } finally {
      server().clock.advance(-moved);
      await other.cache.close();
    }
  });

  it('answers the next request on the same process with what a write changed', async () => {
    const { user, password } = await server().createUser({ firstName: 'Dora' });
    const browser = server().client();
    await signIn(browser, user, password);
    expect(await firstName(browser)).toBe('Dora');
    const saved = await browser.request('/api/v1/profile/', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Erna',
        last_name: 'Lee',
        company: 'Maps Ltd',
        industry: 'mapping',
        role: 'employee',
        phone: '+44 20 7946 0000',
        country: 'DE',
      }),
    });
    expect(saved.status).toBe(200);
    expect(await firstName(browser)).toBe('Erna');
  });
});

describe('the plan facts in the cache', () => {
  const planOf = async (browser: TestClient) =>
    (await (await browser.get('/api/v1/profile/')).json()) as {
      plan: string;
      team_plan: string | null;
    };

  it('serves them without reading them, which the change trigger alone keeps right', async () => {
    const { user, password } = await server().createUser();
    const browser = server().client();
    await signIn(browser, user, password);
    await setPlan(server(), user.id, 'mini');
    await server().sessionCache.settle();
    expect((await planOf(browser)).plan).toBe('mini');

    // Both of the table's triggers off: the one for what plans are read from, and the one
    // naming the user for the subscription read (migration 0029).
    const triggers = ['subscriptions_plans_changed', 'subscriptions_changed'].map(sql.raw);
    for (const trigger of triggers) {
      await server().db.execute(sql`alter table subscriptions disable trigger ${trigger}`);
    }
    try {
      await setPlan(server(), user.id, 'premium');
    } finally {
      for (const trigger of triggers) {
        await server().db.execute(sql`alter table subscriptions enable trigger ${trigger}`);
      }
    }
    expect((await planOf(browser)).plan).toBe('mini');

    await setPlan(server(), user.id, 'premium');
    await server().sessionCache.settle();
    expect((await planOf(browser)).plan).toBe('premium');
  });

  it("gives and takes a member's team premium at the owner's change, on every process", async () => {
    const other = await secondProcess(server());
    try {
      const { owner, member, ownerBrowser, memberBrowser } = await ownerAndMember();
      const memberElsewhere = other.as(memberBrowser);
      await setPlan(server(), owner.user.id, 'premium');
      // Warm on both processes, without the team.
      expect((await planOf(memberBrowser)).team_plan).toBeNull();
      expect((await planOf(memberElsewhere)).team_plan).toBeNull();

      expect((await saveTeam(ownerBrowser, [member.user.portalGuid])).status).toBe(200);
      expect((await planOf(memberBrowser)).team_plan).toBe('premium');
      await expect
        .poll(async () => (await planOf(memberElsewhere)).team_plan, { timeout: 5_000 })
        .toBe('premium');

      // The owner's own plan changes: the member's facts go with it, though the row names only the owner.
      await setPlan(server(), owner.user.id, 'mini');
      await server().sessionCache.settle();
      expect((await planOf(memberBrowser)).team_plan).toBeNull();
      await expect
        .poll(async () => (await planOf(memberElsewhere)).team_plan, { timeout: 5_000 })
        .toBeNull();
    } finally {
      await other.cache.close();
    }
  });

  it("takes a member's team premium at the end of the owner's paid period, with no write", async () => {
    const { owner, member, ownerBrowser, memberBrowser } = await ownerAndMember();
    // Paid for three more minutes: less than the session's last-use granularity, so no
    // write on the member's session drops the facts before the period ends.
    await setPlan(server(), owner.user.id, 'premium', 3 / (24 * 60));
    const saved = await saveTeam(ownerBrowser, [member.user.portalGuid]);
    expect(saved.status).toBe(200);
    expect((await planOf(memberBrowser)).team_plan).toBe('premium');
    // Still within the period: served again (from memory).
    server().clock.advance(60_000);
    expect((await planOf(memberBrowser)).team_plan).toBe('premium');
    server().clock.advance(2 * 60_000 + 1_000);
    expect((await planOf(memberBrowser)).team_plan).toBeNull();
  });
});

describe('the autopayment in the cache', () => {
  it('answers the poll without reading, which the change trigger alone keeps right', async () => {
    const { user, client } = await signedIn(server());
    expect((await client.get('/api/autopayment/')).status).toBe(404);

    const row = autopaymentRow(user.id);
    const trigger = sql.raw('autopayments_changed');
    await server().db.execute(sql`alter table autopayments disable trigger ${trigger}`);
    try {
      await server().db.insert(autopayments).values(row);
    } finally {
      await server().db.execute(sql`alter table autopayments enable trigger ${trigger}`);
    }
    // Still the remembered answer: none.
    expect((await client.get('/api/autopayment/')).status).toBe(404);

    await server()
      .db.update(autopayments)
      .set({ status: 'canceled' })
      .where(eq(autopayments.userId, user.id));
    await server().sessionCache.settle();
    const seen = await client.get('/api/autopayment/');
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as { autopayment: { status: string } }).autopayment.status).toBe(
      'canceled',
    );
  });

  it('sees a checkout settled by the job queue at the next poll', async () => {
    const { client } = await signedIn(server());
    expect((await client.get('/api/autopayment/')).status).toBe(404);
    await buy(server(), client);
    const seen = await client.get('/api/autopayment/');
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as { autopayment: { status: string } }).autopayment.status).toBe(
      'active',
    );
  });
});

describe('the session cache without its feed', () => {
  function fakeFeed() {
    let handlers: Parameters<ChangeFeed['listen']>[1] | undefined;
    const feed: ChangeFeed = {
      listen: async (_channel, h) => {
        handlers = h;
        h.onReady();
      },
      settle: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    return { feed, handlers: () => handlers! };
  }
  const session = (id: number) => ({
    user: { id } as User,
    expiresAt: new Date(Date.now() + 60_000),
    lastSeenAt: new Date(),
  });
  const facts = (changesAt: Date | null = null): PlanFacts => ({
    plan: 'mini',
    team: 'premium',
    webgisUrl: null,
    userpicUrl: null,
    changesAt,
  });
  const now = new Date();

  it('forgets everything and keeps nothing while the feed is down, until it is back', async () => {
    const { feed, handlers } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    cache.setSession('a', session(1), cache.mark());
    cache.setPlan(1, facts(), cache.mark());
    expect(cache.getSession('a')?.user.id).toBe(1);
    expect(cache.getPlan(1, now)?.plan).toBe('mini');

    handlers().onLost();
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getPlan(1, now)).toBeUndefined();
    cache.setSession('a', session(1), cache.mark());
    cache.setPlan(1, facts(), cache.mark());
    cache.setRead(1, 'social', [], null, cache.mark());
    expect(cache.size).toEqual({ sessions: 0, plans: 0, autopayments: 0, reads: 0 });

    handlers().onReady();
    cache.setSession('a', session(1), cache.mark());
    expect(cache.getSession('a')?.user.id).toBe(1);
  });

  it("drops only the changed user's sessions and facts, and every one of them", async () => {
    const { feed, handlers } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    cache.setSession('a', session(1), cache.mark());
    cache.setSession('b', session(1), cache.mark());
    cache.setSession('c', session(2), cache.mark());
    cache.setPlan(1, facts(), cache.mark());
    cache.setPlan(2, facts(), cache.mark());
    cache.setAutopayment(1, null, cache.mark());
    cache.setAutopayment(2, null, cache.mark());
    cache.setRead(1, 'social', [], null, cache.mark());
    cache.setRead(1, 'sessions:a', [], null, cache.mark());
    cache.setRead(2, 'social', ['kept'], null, cache.mark());
    handlers().onChange('1');
    expect(cache.getRead(1, 'social', now)).toBeUndefined();
    expect(cache.getRead(1, 'sessions:a', now)).toBeUndefined();
    expect(cache.getRead(2, 'social', now)).toEqual(['kept']);
    expect(cache.getAutopayment(1)).toBeUndefined();
    expect(cache.getAutopayment(2)).toBeNull();
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getSession('b')).toBeUndefined();
    expect(cache.getPlan(1, now)).toBeUndefined();
    expect(cache.getSession('c')?.user.id).toBe(2);
    expect(cache.getPlan(2, now)).toBeDefined();
  });

  it("drops every user's plan facts at a change to what plans are read from, and no session", async () => {
    const { feed, handlers } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    cache.setSession('a', session(1), cache.mark());
    cache.setPlan(1, facts(), cache.mark());
    cache.setPlan(2, facts(), cache.mark());
    // A user's own rows are not what plans are read from: their reads stay.
    cache.setRead(1, 'social', [], null, cache.mark());
    handlers().onChange('*');
    expect(cache.size).toEqual({ sessions: 1, plans: 0, autopayments: 0, reads: 1 });
  });

  it('keeps nothing read while a change was heard: the read may predate the change', async () => {
    const { feed, handlers } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    const beforeSession = cache.mark();
    handlers().onChange('7');
    cache.setSession('a', session(1), beforeSession);
    const beforePlan = cache.mark();
    handlers().onChange('*');
    cache.setPlan(1, facts(), beforePlan);
    cache.setRead(1, 'social', [], null, beforePlan);
    expect(cache.size).toEqual({ sessions: 0, plans: 0, autopayments: 0, reads: 0 });
    // Read after the change: kept.
    cache.setPlan(1, facts(), cache.mark());
    expect(cache.getPlan(1, now)).toBeDefined();
  });

  it('does not serve a read once the time it may change at has come', async () => {
    const { feed } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    cache.setRead(1, 'sessions:a', ['two'], new Date(now.getTime() + 1000), cache.mark());
    expect(cache.getRead(1, 'sessions:a', now)).toEqual(['two']);
    expect(cache.getRead(1, 'sessions:a', new Date(now.getTime() + 1000))).toBeUndefined();
    expect(cache.getRead(1, 'sessions:a', now)).toBeUndefined();
  });

  it('does not serve plan facts once the time they may change at has come', async () => {
    const { feed } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    const ends = new Date(now.getTime() + 60_000);
    cache.setPlan(1, facts(ends), cache.mark());
    expect(cache.getPlan(1, new Date(ends.getTime() - 1))).toBeDefined();
    expect(cache.getPlan(1, ends)).toBeUndefined();
  });

  it('lets an entry go after its lifetime even without a notification, however often read', async () => {
    const { feed } = fakeFeed();
    let clock = 0;
    const cache = new SessionCache(feed, () => clock);
    await cache.start();
    cache.setSession('a', session(1), cache.mark());
    cache.setPlan(1, facts(), cache.mark());
    for (let second = 0; second < 29; second += 1) {
      clock += 1_000;
      expect(cache.getSession('a')).toBeDefined();
      expect(cache.getPlan(1, now)).toBeDefined();
    }
    clock += 2_000;
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getPlan(1, now)).toBeUndefined();
  });
});
