import { describe, expect, it } from 'vitest';
import { forgive, hit } from '../../server/identity/throttle.ts';
import { rateLimits } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { STRONG, uniqueEmail } from './identity.ts';
import { appCode, turnedOnApp } from './two-factor-app.ts';

const server = useTestServer({ env: { TRUST_PROXY: '1', CODE_RESEND_SECONDS: '0' } });
const LOGIN = '/api/auth/login/';
const MINUTE = 60_000;
let ipCount = 0;
const newIp = () => `198.51.100.${++ipCount}`;
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': `203.0.113.9, ${ip}` } });

async function login(login: string, password: string, ip: string) {
  return server().client().postForm(LOGIN, { login, password }, from(ip));
}

describe('sign-in throttling', () => {
  it('allows 5 failures per account in 15 minutes, then 429 with retry_after', async () => {
    const { user, password } = await server().createUser();
    // Windows are fixed: start at the beginning of one so the whole test fits in it.
    server().clock.toWindowStart(15 * MINUTE);
    for (let i = 0; i < 5; i++)
      expect((await login(user.username, 'Wrong-1!a', newIp())).status).toBe(400);
    const refused = await login(user.username, password, newIp());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', retry_after: 900 });
    expect(refused.headers.get('Retry-After')).toBe('900');
    server().clock.advance(15 * MINUTE);
    expect((await login(user.username, password, newIp())).status).toBe(200);
  });

  it("keeps a browser that signed in with the password before out of others' lock", async () => {
    const { user, password } = await server().createUser();
    const { user: other, password: otherPassword } = await server().createUser();
    const owner = server().client();
    const ownerLogin = (secret: string) =>
      owner.postForm(LOGIN, { login: user.username, password: secret }, from(newIp()));
    expect((await ownerLogin(password)).status).toBe(200);
    const mixed = server().client();
    const otherLogin = await mixed.postForm(
      LOGIN,
      { login: other.username, password: otherPassword },
      from(newIp()),
    );
    expect(otherLogin.status).toBe(200);
    server().clock.toWindowStart(15 * MINUTE);
    for (let i = 0; i < 5; i++)
      expect((await login(user.username, 'Wrong-1!a', newIp())).status).toBe(400);
    expect((await login(user.username, password, newIp())).status).toBe(429);
    // The owner's browser counts in a bucket of its own.
    expect((await ownerLogin(password)).status).toBe(200);
    // A device cookie that is forged (its signature changed or cut short), of another
    // account, or with a part too many is no device: the account's lock holds.
    const device = owner.cookies.get('device')!;
    const [id, nonce, signature] = device.split('.');
    const forged = `${id}.${nonce}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const short = `${id}.${nonce}.${signature!.slice(0, -1)}`;
    const others = [mixed.cookies.get('device')!, `${device}.x`, `${id}.${nonce}`];
    for (const cookie of [forged, short, ...others]) {
      const stranger = server().client();
      stranger.cookies.set('device', cookie);
      const answer = await stranger.postForm(
        LOGIN,
        { login: user.username, password },
        from(newIp()),
      );
      expect(answer.status).toBe(429);
    }
    // Its own failures lock it after five, whatever the account's bucket says.
    for (let i = 0; i < 5; i++) expect((await ownerLogin('Wrong-1!a')).status).toBe(400);
    expect((await ownerLogin(password)).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const { user, password } = await server().createUser();
    for (let i = 0; i < 8; i++)
      expect((await login(user.username, password, newIp())).status).toBe(200);
  });

  it('counts parallel attempts before the password is checked', async () => {
    const { user } = await server().createUser();
    server().clock.toWindowStart(15 * MINUTE);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(i % 2 ? user.username : user.email, 'Wrong-1!a', newIp()),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('allows 30 failures per IP in 15 minutes across accounts', async () => {
    const ip = newIp();
    server().clock.toWindowStart(15 * MINUTE);
    for (let i = 0; i < 30; i++) {
      expect((await login(`nobody${i}-${ip}@example.com`, 'x', ip)).status).toBe(400);
    }
    expect((await login('someone-else@example.com', 'x', ip)).status).toBe(429);
    // Another address is not affected; the client's own X-Forwarded-For entry is ignored.
    expect((await login('someone-else@example.com', 'x', newIp())).status).toBe(400);
  });

  it("counts the authenticator app's code step in the IP's sign-in bucket", async () => {
    const { user, secret } = await turnedOnApp(server());
    const ip = newIp();
    server().clock.toWindowStart(15 * MINUTE);
    const browser = server().client();
    const password = await browser.postForm(
      LOGIN,
      { login: user.username, password: 'Secret-pass-1' },
      from(ip),
    );
    expect(await password.json()).toEqual({ next: '/en/login/2?factor=app' });
    for (let i = 0; i < 30; i++) {
      expect((await login(`nobody${i}-${ip}@example.com`, 'x', ip)).status).toBe(400);
    }
    const code = { code: appCode(server(), secret) };
    const refused = await browser.postForm('/api/auth/login/2fa/', code, from(ip));
    expect(refused.status).toBe(429);
    // The step itself is still open: from another address the same code signs in.
    const taken = await browser.postForm('/api/auth/login/2fa/', code, from(newIp()));
    expect(taken.status).toBe(200);
  });
});

describe('mail throttling', () => {
  const signup = (email: string, ip: string) =>
    server()
      .client()
      .postForm('/api/auth/signup/', { email, password: STRONG, agree: 'on' }, from(ip));
  const reset = (email: string, ip: string) =>
    server().client().postForm('/api/auth/password/reset/', { email }, from(ip));

  it("counts sign-ups in the IP's sign-in bucket: asking which addresses have a profile is throttled", async () => {
    const ip = newIp();
    const { user } = await server().createUser();
    server().clock.toWindowStart(15 * MINUTE);
    for (let i = 0; i < 30; i++) expect((await signup(user.email, ip)).status).toBe(400);
    const refused = await signup(user.email, ip);
    expect(refused.status).toBe(429);
    // The same bucket as sign-in's: a sign-in from that IP waits too.
    expect((await login(user.username, 'x', ip)).status).toBe(429);
  });

  it('allows 5 code or reset mails per address an hour', async () => {
    const email = uniqueEmail();
    server().clock.toWindowStart(60 * MINUTE);
    for (let i = 0; i < 3; i++) expect((await signup(email, newIp())).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await reset(email, newIp())).status).toBe(200);
    const refused = await reset(email, newIp());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', retry_after: 3600 });
    expect((await signup(email, newIp())).status).toBe(429);
    server().clock.advance(60 * MINUTE);
    expect((await signup(email, newIp())).status).toBe(200);
  });

  it('does not count a request refused by another limit', async () => {
    const ip = newIp();
    const email = uniqueEmail();
    server().clock.toWindowStart(60 * MINUTE);
    for (let i = 0; i < 20; i++) expect((await reset(uniqueEmail(), ip)).status).toBe(200);
    // Refused for the IP: the address's count must not move either.
    for (let i = 0; i < 3; i++) expect((await reset(email, ip)).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await reset(email, newIp())).status).toBe(200);
    expect((await reset(email, newIp())).status).toBe(429);
  });

  it('allows 20 mails per IP an hour', async () => {
    const ip = newIp();
    server().clock.toWindowStart(60 * MINUTE);
    for (let i = 0; i < 20; i++) expect((await reset(uniqueEmail(), ip)).status).toBe(200);
    expect((await reset(uniqueEmail(), ip)).status).toBe(429);
  });

  it('limits resends through the same per-address counter', async () => {
    const email = uniqueEmail();
    const client = server().client();
    server().clock.toWindowStart(60 * MINUTE);
    await client.postForm(
      '/api/auth/signup/',
      { email, password: STRONG, agree: 'on' },
      from(newIp()),
    );
    for (let i = 0; i < 4; i++) {
      expect((await client.postForm('/api/auth/signup/resend/', {}, from(newIp()))).status).toBe(
        200,
      );
    }
    const refused = await client.postForm('/api/auth/signup/resend/', {}, from(newIp()));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
  });
});

describe('a refused request', () => {
  /** The throttle on the real database, with the statements it sends counted. */
  function countingDeps() {
    const { config, db, logger, clock, jobs } = server();
    const statements: string[] = [];
    const counting = new Proxy(db, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof name === 'string' && ['select', 'insert', 'update', 'delete'].includes(name)) {
          statements.push(name);
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const passwordCost = { memoryCost: 64, timeCost: 1, parallelism: 1 };
    return { deps: { config, db: counting, logger, clock, jobs, passwordCost }, statements };
  }
  const limit = (name: string) => ({ name, max: 2, windowMs: 15 * MINUTE });
  const counts = () => server().db.select().from(rateLimits).orderBy(rateLimits.key);

  /** Two hits under `hits`, then the refused third: its statements; it changed no count. */
  async function refusalStatements(hits: Parameters<typeof hit>[1]): Promise<string[]> {
    const { deps, statements } = countingDeps();
    await hit(deps, hits);
    await hit(deps, hits);
    const before = await counts();
    statements.length = 0;
    await expect(hit(deps, hits)).rejects.toMatchObject({
      refusal: { kind: 'throttled', code: 'too_many_requests' },
    });
    expect(await counts()).toEqual(before);
    return [...statements];
  }

  it('under several limits costs one read and writes nothing', async () => {
    const hits = [
      { limit: limit('test-refusal-a'), subject: 'x' },
      { limit: limit('test-refusal-b'), subject: 'x' },
    ];
    expect(await refusalStatements(hits)).toEqual(['select']);
  });

  it('counts an address alike however its letters are typed', async () => {
    const { deps } = countingDeps();
    const one = (subject: string) => [{ limit: limit('test-case'), subject }];
    await hit(deps, one('Anna.Lee@Example.com'));
    await hit(deps, one('anna.lee@example.com'));
    await expect(hit(deps, one('ANNA.LEE@EXAMPLE.COM'))).rejects.toMatchObject({
      refusal: { code: 'too_many_requests' },
    });
  });

  it("keeps one window per key: a new window's first hit drops the older ones", async () => {
    const { deps } = countingDeps();
    const one = [{ limit: limit('test-housekeeping'), subject: 'x' }];
    const rows = async () =>
      (await counts()).filter((row) => row.key.startsWith('test-housekeeping:'));
    await hit(deps, one);
    await hit(deps, one);
    server().clock.advance(15 * MINUTE);
    await hit(deps, one);
    expect((await rows()).map((row) => row.count)).toEqual([1]);
  });

  it('under one limit costs its one conditional upsert, which changes no count', async () => {
    const hits = [{ limit: limit('test-refusal-one'), subject: 'x' }];
    expect(await refusalStatements(hits)).toEqual(['insert']);
  });

  it('under a limit never forgiven costs no statement once seen full, until its window ends', async () => {
    const { deps, statements } = countingDeps();
    const kept = { ...limit('test-kept'), neverForgiven: true as const };
    const hits = [{ limit: kept, subject: 'x' }] as const;
    const refused = (retryAfter: number) =>
      expect(hit(deps, hits)).rejects.toMatchObject({
        refusal: { code: 'too_many_requests', retryAfter },
      });
    server().clock.toWindowStart(15 * MINUTE);
    await hit(deps, hits);
    await hit(deps, hits);
    statements.length = 0;
    // The first refusal asks the database; the next ones, to the window's last
    // millisecond, are answered from memory.
    await refused(900);
    expect(statements).toEqual(['insert']);
    await refused(900);
    server().clock.advance(15 * MINUTE - 1);
    await refused(1);
    expect(statements).toEqual(['insert']);
    // The next window counts again in the database (its first hit drops the full one).
    server().clock.advance(1);
    await hit(deps, hits);
    expect(statements).toEqual(['insert', 'insert', 'delete']);
    // Another subject's window under the same limit is its own.
    await hit(deps, [{ limit: kept, subject: 'y' }]);
  });

  it('never takes back a hit of a limit it refuses from memory', async () => {
    const { deps } = countingDeps();
    const kept = { ...limit('test-kept-alone'), neverForgiven: true as const };
    const beside = { limit: limit('test-beside'), subject: 'x' };
    const alone = 'test-kept-alone is counted alone and never forgiven';
    // @ts-expect-error counted beside another limit, it could be taken back on a refusal
    await expect(hit(deps, [beside, { limit: kept, subject: 'x' }])).rejects.toThrow(alone);
    // A list whose type lost the kept limit (an array's element types are reduced to the
    // one they share) is refused at run time.
    const mixed = [beside, { limit: kept, subject: 'x' }];
    await expect(hit(deps, mixed)).rejects.toThrow(alone);
    // @ts-expect-error taken back after a success
    await expect(forgive(deps, [{ limit: kept, subject: 'x' }])).rejects.toThrow(alone);
    expect((await counts()).filter((row) => row.key.startsWith('test-beside:'))).toEqual([]);
  });
});
