import { describe, expect, it } from 'vitest';
import { signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { mailsTo } from './identity.ts';
import { socialRoundTrip } from './social-flow.ts';

const server = useTestServer({ env: { COUNTRY_HEADER: 'CF-IPCountry' } });

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FROM_GERMANY = { 'user-agent': SAFARI_IPHONE, 'cf-ipcountry': 'DE' };

const signIn = async (client: TestClient, login: string) => {
  const answer = await client.postForm(
    '/api/auth/login/',
    { login, password: 'Secret-pass-1' },
    { headers: FROM_GERMANY },
  );
  expect(answer.status).toBe(200);
};
const notices = async (email: string) =>
  (await mailsTo(server(), email)).filter((mail) =>
    /New sign-in|Вход в ваш профиль с нового устройства/.test(mail.subject),
  );

describe('the new sign-in notice', () => {
  it('goes out for a browser the account has not used, once, and never for the first sign-in', async () => {
    const { user, client: laptop } = await signedIn(server());
    expect(await notices(user.email)).toEqual([]);
    // The same browser again: known by its device cookie.
    await signIn(laptop, user.username);
    expect(await notices(user.email)).toEqual([]);

    const phone = server().client();
    await signIn(phone, user.username);
    const [notice, ...more] = await notices(user.email);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('New sign-in to your profile');
    expect(notice?.text).toMatch(
      /from a browser it has not used before: \d{4}-\d\d-\d\d \d\d:\d\d UTC, Safari 17, iOS 17, [^,]+, Germany\./,
    );
    expect(notice?.text).toContain('http://localhost:8080/en/security');
    // An account notice: its list can be left in one click.
    expect(notice?.headers['List-Unsubscribe']).toMatch(/\/api\/v1\/unsubscribe\/.+\/>$/);
    // The phone is known from now on.
    await signIn(phone, user.username);
    expect(await notices(user.email)).toHaveLength(1);
  });

  it("is in the account's language", async () => {
    const { user } = await signedIn(server(), { locale: 'ru' });
    await signIn(server().client(), user.username);
    const [notice] = await notices(user.email);
    expect(notice?.subject).toBe('Вход в ваш профиль с нового устройства');
    expect(notice?.text).toContain('Safari 17, iOS 17');
    expect(notice?.text).toContain('Германия');
    expect(notice?.text).toContain('/ru/security');
  });

  it('goes out for a social sign-in from a new browser too, not for the sign-up itself', async () => {
    const email = 'notice-gh@example.com';
    await socialRoundTrip(server().client(), 'github', { email });
    expect(await notices(email)).toEqual([]);
    await socialRoundTrip(server().client(), 'github', { email });
    expect(await notices(email)).toHaveLength(1);
  });
});
