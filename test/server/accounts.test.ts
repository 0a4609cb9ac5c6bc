import { describe, expect, it } from 'vitest';
import { isLocalPath, underLocale, uniqueUsername } from '../../server/identity/accounts.ts';
import { useTestServer } from './harness.ts';

/*
 * The account rules every sign-in and sign-up path shares: where a browser may be sent
 * next (a path of this site only), that path under the other language, and the username
 * a new account gets from its e-mail address.
 */
const server = useTestServer();

describe('a next page', () => {
  it.each(['/', '/en/profile', '/en/subscription?scenario=creation#top', '/ru/teammanage/owner'])(
    'is taken when a path of this site: %s',
    (next) => expect(isLocalPath(next)).toBe(true),
  );

  // Another host (`//`, `/\`), a backslash or whitespace anywhere, a control character
  // (a browser may drop it and read what is left as another host), or not a path at all.
  it.each([
    '',
    'en/profile',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/en/profile\\evil',
    '/en/pro file',
    '/en/\tprofile',
    '/en/pro\u0001file',
    '/en/profile\u001f',
    '/en/profile\u007f',
    ' /en/profile',
  ])('is refused otherwise: %j', (next) => expect(isLocalPath(next)).toBe(false));
});

describe('a path under the other language', () => {
  it.each([
    ['/en/subscription', '/ru/subscription'],
    ['/en', '/ru'],
    ['/en?x=1', '/ru?x=1'],
    ['/en#top', '/ru#top'],
    ['/ru/profile', '/ru/profile'],
  ])('%s → %s', (path, moved) => expect(underLocale(path, 'ru')).toBe(moved));

  it.each(['/english/profile', '/profile/en/x', '/x'])('leaves %s as it is', (path) =>
    expect(underLocale(path, 'ru')).toBe(path),
  );
});

describe("a new account's username", () => {
  it("is the address's local part in username characters, else 'user'", async () => {
    const { db } = server();
    expect(await uniqueUsername(db, 'Kim.Lee_1-x+news@example.com')).toBe('Kim.Lee_1-xnews');
    expect(await uniqueUsername(db, '+++@example.com')).toBe('user');
    expect(await uniqueUsername(db, `${'a'.repeat(40)}@example.com`)).toBe('a'.repeat(30));
  });

  it('takes the next number while the name is taken, whatever its case, then a random one', async () => {
    const taken = async (...names: string[]) => {
      for (const username of names)
        await server().createUser({ username, email: `${username.toLowerCase()}@example.org` });
    };
    await taken('ZOE');
    expect(await uniqueUsername(server().db, 'zoe@example.com')).toBe('zoe2');
    await taken('zoe2', 'zoe3', 'zoe4', 'zoe5', 'zoe6', 'zoe7', 'zoe8', 'zoe9', 'zoe10');
    // Ten tries by number; then a random number of at least three digits.
    const random = await uniqueUsername(server().db, 'zoe@example.com');
    expect(random).toMatch(/^zoe\d{3,6}$/);
  });
});
