import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, sessions, socialAccounts } from '../../server/db/schema.ts';
import { useTestServer } from '../server/harness.ts';
import { decide, signedIn, startCheckout } from '../server/billing.ts';
import { mailsTo } from '../server/identity.ts';
import { socialRoundTrip } from '../server/social-flow.ts';

/* Checklist points 8, 15 and 19: another user's ids, removed accounts, enumeration. */
const server = useTestServer();

describe("another user's ids", () => {
  it("cannot open, pay or cancel another user's checkout", async () => {
    const owner = await signedIn(server());
    const { id } = await startCheckout(owner.client);
    const other = await signedIn(server());
    expect((await other.client.get(`/sandbox/pay/${id}`)).status).toBe(404);
    expect((await decide(other.client, id, 'pay')).status).toBe(404);
    expect((await decide(other.client, id, 'cancel')).status).toBe(404);
    const [row] = await server().db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(row?.status).toBe('pending');
  });

  it("cannot unlink another user's social account", async () => {
    const owner = server().client();
    await socialRoundTrip(owner, 'github', { email: 'owner-gh@example.com' });
    const other = await signedIn(server());
    const answer = await other.client.request('/api/v1/profile/social/github/', {
      method: 'DELETE',
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const links = await server()
      .db.select()
      .from(socialAccounts)
      .where(eq(socialAccounts.email, 'owner-gh@example.com'));
    expect(links).toHaveLength(1);
  });

  it("cannot end another user's session, by its id or by ending all others", async () => {
    const owner = await signedIn(server());
    const [row] = await server()
      .db.select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, owner.user.id));
    const other = await signedIn(server());
    const one = await other.client.request(`/api/v1/sessions/${row!.id}/`, { method: 'DELETE' });
    expect(one.status).toBe(404);
    const all = await other.client.request('/api/v1/sessions/', { method: 'DELETE' });
    expect(all.status).toBe(204);
    expect((await owner.client.get('/api/v1/profile/')).status).toBe(200);
  });
});

describe('a removed account', () => {
  it('loses access on the next request, in every browser', async () => {
    const { user, password } = await server().createUser();
    const first = server().client();
    const second = server().client();
    for (const browser of [first, second]) {
      await browser.postForm('/api/auth/login/', { login: user.username, password });
    }
    expect((await first.request('/api/v1/profile/', { method: 'DELETE' })).status).toBeLessThan(
      300,
    );
    expect((await second.get('/api/v1/profile/')).status).toBe(401);
    expect((await second.get('/api/autopayment/')).status).toBe(401);
  });
});

describe('enumeration', () => {
  it('answers a reset for a known and an unknown address alike', async () => {
    const { user } = await server().createUser();
    const known = await server()
      .client()
      .postForm('/api/auth/password/reset/', { email: user.email });
    const unknown = await server()
      .client()
      .postForm('/api/auth/password/reset/', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo(server(), 'nobody-here@example.com')).toHaveLength(0);
  });
});
