import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Unsubscription } from '../../contract/identity.ts';
import { EXPORT_NOTICE_WINDOW_MS } from '../../server/identity/profile.ts';
import { unsubscribeToken } from '../../server/mail/unsubscribe.ts';
import { useTestServer } from './harness.ts';
import { mailsTo, signedUpClient } from './identity.ts';

const server = useTestServer();

async function tokenFromExportNotice() {
  const { client, email } = await signedUpClient(server());
  await client.get('/api/v1/profile/export/');
  const [notice] = await mailsTo(server(), email);
  const url = /^<(.+)>$/.exec(notice?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
  return { client, email, path: new URL(url).pathname };
}

describe('/api/v1/unsubscribe/{token}/', () => {
  it('shows the list, records a one-click POST without CSRF, and stops those mails', async () => {
    const { client, email, path } = await tokenFromExportNotice();
    const shown = await server().client().get(path);
    expect(v.parse(Unsubscription, await shown.json())).toEqual({
      email,
      list: 'account_notices',
      subscribed: true,
    });
    // A mail client: no cookies, no CSRF header, the RFC 8058 body.
    const posted = await server()
      .client()
      .request(path, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({ email, list: 'account_notices', subscribed: false });
    expect((await server().client().request(path, { method: 'POST', csrf: false })).status).toBe(
      200,
    );
    const before = (await mailsTo(server(), email)).length;
    // Past the one-notice-per-window throttle: the unsubscription alone keeps it away.
    server().clock.advance(EXPORT_NOTICE_WINDOW_MS);
    await client.get('/api/v1/profile/export/');
    expect(await mailsTo(server(), email)).toHaveLength(before);
  });

  it.each([
    'nonsense',
    '1.account_notices.bad-signature',
    '1.other_list.x',
    unsubscribeToken('another-secret-another-secret-xx', 1, 'account_notices'),
    unsubscribeToken('development-only-secret-never-use-in-production', 999999, 'account_notices'),
  ])('answers 404 not_found for a bad token %#', async (token) => {
    for (const method of ['GET', 'POST']) {
      const response = await server()
        .client()
        .request(`/api/v1/unsubscribe/${token}/`, { method, csrf: false });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('keeps CSRF on the rest of the API', async () => {
    const response = await server()
      .client()
      .request('/api/auth/password/reset/', { method: 'POST', csrf: false });
    expect(response.status).toBe(403);
  });
});
