import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoiceRequests, users } from '../../server/db/schema.ts';
import { LIMITS } from '../../server/identity/throttle.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';
import { mailsTo, STRONG, uniqueEmail } from '../server/identity.ts';
import { requestInvoice } from '../server/billing.ts';

/*
 * Checklist points 6 and 8: mail-sending actions limited per address, per account and
 * per IP, and a refusal that reads the same for a known and an unknown address.
 */
const server = useTestServer({ env: { TRUST_PROXY: '1', CODE_RESEND_SECONDS: '0' } });
const HOUR = 60 * 60_000;

let ipCount = 0;
const newIp = () => `203.0.${113 + (++ipCount >> 8)}.${ipCount & 255}`;
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

/** Windows are fixed: start at the beginning of an hour so a test fits in one. */
function startOfHour() {
  const now = server().clock.now().getTime();
  server().clock.advance(HOUR - (now % HOUR));
}

const reset = (email: string, ip = newIp()) =>
  server().client().postForm('/api/auth/password/reset/', { email }, from(ip));

/** A sign-in of an account whose address is not confirmed: /login/2 mails a code. */
const codeSignIn = (login: string, password: string, ip = newIp()) =>
  server().client().postForm('/api/auth/login/', { login, password }, from(ip));

describe('per account (point 6)', () => {
  it('counts codes and resets of one account, whatever address it has now', async () => {
    startOfHour();
    const { user, password } = await server().createUser({ emailConfirmedAt: null });
    for (let i = 0; i < 3; i++) expect((await reset(user.email)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const answer = await codeSignIn(user.username, password);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ next: '/en/login/2' });
    }
    expect(await mailsTo(server(), user.email)).toHaveLength(5);
    // The address changes (as support might change it): its own count starts at 0, the
    // account's does not.
    const moved = uniqueEmail('moved');
    await server().db.update(users).set({ email: moved }).where(eq(users.id, user.id));
    const refused = await reset(moved);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', retry_after: 3600 });
    expect((await codeSignIn(user.username, password)).status).toBe(429);
    expect(await mailsTo(server(), moved)).toHaveLength(0);
    // Another account's address is not held back by it.
    const other = await server().createUser();
    expect((await reset(other.user.email)).status).toBe(200);
    server().clock.advance(HOUR);
    expect((await reset(moved)).status).toBe(200);
  });
});

describe('the password-changed notice (point 6)', () => {
  const NOTICE = 'Your password was changed';
  const notices = async (email: string) =>
    (await mailsTo(server(), email)).filter((mail) => mail.subject === NOTICE);

  /** The link of the newest reset mail to `email`, or null. */
  async function newestLink(email: string): Promise<string | null> {
    for (const mail of await mailsTo(server(), email)) {
      const token = /\/password\/set\/([\w-]+)/.exec(mail.text)?.[1];
      if (token) return token;
    }
    return null;
  }

  const setPassword = (token: string, password: string) =>
    server().client().postForm('/api/auth/password/set/', { token, password }, from(newIp()));

  it('follows only a completed reset, so the reset limits bound it: at most 5 an hour', async () => {
    startOfHour();
    const { user } = await server().createUser();
    let completed = 0;
    let used: string | null = null;
    // Ten rounds of reset-and-set, each from a fresh IP, each link posted five times at once.
    for (let round = 0; round < 10; round++) {
      const asked = await reset(user.email);
      const token = await newestLink(user.email);
      if (asked.status === 429) {
        // Refused: no new link, so nothing to complete.
        expect(token).toBe(used);
        continue;
      }
      expect(asked.status).toBe(200);
      expect(token).not.toBeNull();
      expect(token).not.toBe(used);
      used = token;
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => setPassword(token ?? '', `${STRONG}-${round}-${i}`)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400]);
      completed += 1;
      // A used link sets nothing and mails nothing again.
      expect((await setPassword(token ?? '', `${STRONG}-again`)).status).toBe(400);
    }
    expect(completed).toBe(LIMITS.sendAccount.max);
    expect(await notices(user.email)).toHaveLength(LIMITS.sendAccount.max);
    // The next hour gives the next reset, and with it the next notice.
    server().clock.advance(HOUR);
    expect((await reset(user.email)).status).toBe(200);
    const token = await newestLink(user.email);
    expect(token).not.toBe(used);
    expect((await setPassword(token ?? '', `${STRONG}-next-hour`)).status).toBe(200);
    expect(await notices(user.email)).toHaveLength(LIMITS.sendAccount.max + 1);
  });
});

describe('invoice requests per IP (point 6)', () => {
  const invoice = (client: TestClient, ip: string) =>
    requestInvoice(client, { headers: { 'X-Forwarded-For': ip } });

  it('share the per-IP mail limit: many accounts of one sender get no more', async () => {
    startOfHour();
    const ip = newIp();
    const max = LIMITS.sendIp.max;
    let sent = 0;
    let refused: Response | undefined;
    const accounts: number[] = [];
    // Three invoices an account (its own limit), account after account, from one IP.
    for (let n = 0; n < Math.ceil(max / 3) + 2 && !refused; n++) {
      const { user, password } = await server().createUser();
      accounts.push(user.id);
      const client = server().client();
      await client.postForm('/api/auth/login/', { login: user.username, password }, from(newIp()));
      for (let i = 0; i < 3 && !refused; i++) {
        const answer = await invoice(client, ip);
        if (answer.status === 429) refused = answer;
        else {
          expect(answer.status).toBe(200);
          sent += 1;
        }
      }
    }
    expect(sent).toBe(max);
    expect(await refused?.json()).toMatchObject({ code: 'too_many_requests' });
    let stored = 0;
    for (const id of accounts) {
      stored += await server().db.$count(invoiceRequests, eq(invoiceRequests.userId, id));
    }
    expect(stored).toBe(max);
    // Codes and resets from that IP are held back too: one mail budget per IP.
    expect((await reset(uniqueEmail(), ip)).status).toBe(429);
  });
});

describe('a refusal tells nothing (point 8)', () => {
  /** Everything an answer says, but the date and the request's own id. */
  async function shape(answer: Response) {
    const headers = [...answer.headers].filter(
      ([name]) => name !== 'date' && name !== 'x-request-id',
    );
    return { status: answer.status, headers, body: await answer.text() };
  }

  it('a throttled reset reads the same for a known and an unknown address', async () => {
    startOfHour();
    const { user } = await server().createUser();
    const unknown = uniqueEmail('nobody');
    const answers: Record<string, unknown[]> = { known: [], unknown: [] };
    for (let i = 0; i < LIMITS.sendAddress.max + 2; i++) {
      answers.known?.push(await shape(await reset(user.email)));
      answers.unknown?.push(await shape(await reset(unknown)));
    }
    expect(answers.known).toEqual(answers.unknown);
    expect(answers.known?.at(-1)).toMatchObject({ status: 429 });
  });

  it('a throttled sign-up reads the same for a pending and a new address', async () => {
    startOfHour();
    const { user } = await server().createUser({ emailConfirmedAt: null });
    const fresh = uniqueEmail('fresh');
    const signup = (email: string) =>
      server()
        .client()
        .postForm('/api/auth/signup/', { email, password: STRONG, agree: 'on' }, from(newIp()));
    const answers: Record<string, unknown[]> = { pending: [], fresh: [] };
    for (let i = 0; i < LIMITS.sendAddress.max + 2; i++) {
      // Cookies differ by nature (each flow its own nonce): compared apart from them.
      const strip = async (answer: Response) => {
        const { headers, ...rest } = await shape(answer);
        return { ...rest, headers: headers.filter(([name]) => name !== 'set-cookie') };
      };
      answers.pending?.push(await strip(await signup(user.email)));
      answers.fresh?.push(await strip(await signup(fresh)));
    }
    expect(answers.pending).toEqual(answers.fresh);
    expect(answers.pending?.at(-1)).toMatchObject({ status: 429 });
  });
});
