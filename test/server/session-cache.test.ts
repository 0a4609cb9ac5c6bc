import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { createApp } from '../../server/app.ts';
import { SessionCache, type ChangeFeed } from '../../server/identity/session-cache.ts';
import type { User } from '../../server/db/schema.ts';
import { createClient, type TestClient } from './client.ts';
import { TEST_PASSWORD_COST, useTestServer, type TestServer } from './harness.ts';

const server = useTestServer();

async function signIn(browser: TestClient, user: User, password: string): Promise<void> {
  const answer = await browser.postForm('/api/auth/login/', { login: user.username, password });
  expect(answer.status).toBeLessThan(300);
}

async function firstName(browser: TestClient): Promise<string | null> {
  const answer = await browser.get('/api/v1/profile/');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { first_name: string | null }).first_name;
}

/** A second server process on the same database: its own app and its own cache. */
async function secondProcess(s: TestServer) {
  const cache = new SessionCache(s.handle.changeFeed());
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

  it('forgets everything and keeps nothing while the feed is down, until it is back', async () => {
    const { feed, handlers } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    cache.set('a', session(1));
    expect(cache.get('a')?.user.id).toBe(1);

    handlers().onLost();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1));
    expect(cache.get('a')).toBeUndefined();

    handlers().onReady();
    cache.set('a', session(1));
    expect(cache.get('a')?.user.id).toBe(1);
  });

  it("drops only the changed user's sessions, and every one of them", async () => {
    const { feed, handlers } = fakeFeed();
    const cache = new SessionCache(feed);
    await cache.start();
    cache.set('a', session(1));
    cache.set('b', session(1));
    cache.set('c', session(2));
    handlers().onChange('1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
  });

  it('lets an entry go after its lifetime even without a notification', async () => {
    const { feed } = fakeFeed();
    let now = 0;
    const cache = new SessionCache(feed, () => now);
    await cache.start();
    cache.set('a', session(1));
    now += 29_000;
    expect(cache.get('a')).toBeDefined();
    now += 2_000;
    expect(cache.get('a')).toBeUndefined();
  });
});
