import { describe, expect, it } from 'vitest';
import { isGuessablePassword } from '../../server/identity/password-strength.ts';
import { DEVICE_TTL_S } from '../../server/identity/routes/device.ts';
import { DEMO_ACCOUNT } from '../../server/seed.ts';
import {
  parseSetCookie,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../server/harness.ts';
import { fieldCodes, STRONG, uniqueEmail } from '../server/identity.ts';

/*
 * Checklist points 3-5 and 7: guessing is limited per account and per IP, a refused
 * request does not lengthen a lock, the owner's browser is not locked out with the
 * guesser, and common passwords are refused.
 */
const server = useTestServer({ env: { TRUST_PROXY: '1' } });
const LOGIN = '/api/auth/login/';
const WINDOW = 15 * 60_000;
const WRONG = 'Wrong-pass-1';

let ipCount = 0;
/** A new address per call, so only the limit under test can refuse. */
const newIp = () => `10.0.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

/** Windows are fixed: each test starts at the beginning of a fresh one. */
function freshWindow(test: TestServer): void {
  const now = test.clock.now().getTime();
  test.clock.advance(WINDOW - (now % WINDOW));
}

function signIn(client: TestClient, login: string, password: string, ip = newIp()) {
  return client.postForm(LOGIN, { login, password }, from(ip));
}

async function code(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { code?: string; errors?: { code?: string }[] };
  return body.code ?? body.errors?.[0]?.code;
}

describe('per-account limit', () => {
  it('counts the username and the e-mail of one account in one bucket', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const logins = [user.username, user.email, user.username.toUpperCase(), user.email];
    for (const login of [...logins, user.email.toUpperCase()]) {
      const wrong = await signIn(server().client(), login, WRONG);
      expect(await code(wrong)).toBe('wrong_credentials');
    }
    for (const login of [user.username, user.email]) {
      const refused = await signIn(server().client(), login, password);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'too_many_requests', retry_after: 900 });
    }
    server().clock.advance(WINDOW);
    expect((await signIn(server().client(), user.email, password)).status).toBe(200);
  });

  it('checks no more than 5 of 50 parallel wrong passwords', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn(server().client(), i % 2 ? user.username : user.email, WRONG),
      ),
    );
    const codes = await Promise.all(answers.map(code));
    // wrong_credentials is answered only after the password was verified.
    expect(codes.filter((c) => c === 'wrong_credentials')).toHaveLength(5);
    // Every other one is refused unchecked: over the account's limit, or beyond the
    // line of sign-ins under way (server_busy).
    const refused = codes.filter((c) => c === 'too_many_requests' || c === 'server_busy');
    expect(refused).toHaveLength(45);
    expect((await signIn(server().client(), user.username, password)).status).toBe(429);
  });

  it('counts a login naming no account under its text', async () => {
    freshWindow(server());
    const login = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) {
      expect(await code(await signIn(server().client(), login, WRONG))).toBe('user_absent');
    }
    const refused = await signIn(server().client(), login.toUpperCase(), WRONG);
    expect(refused.status).toBe(429);
  });
});

describe('a sign-in flood', () => {
  it('waits in a short line, and beyond it is answered 503 before any check; the line empties', async () => {
    freshWindow(server());
    const { user } = await server().createUser();
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => signIn(server().client(), user.email, WRONG)),
    );
    const codes = await Promise.all(answers.map(code));
    // Only five wrong passwords pass the account's limit, far fewer than the hashing can
    // take: a 503 here comes from the line of sign-ins, before the request was looked at.
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.headers.get('retry-after')).toBe('1');
    expect(codes.filter((c) => c === 'server_busy')).toHaveLength(busy.length);
    expect(codes.filter((c) => c === 'wrong_credentials')).toHaveLength(5);
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(115 - busy.length);
    // Nothing is left holding the line: another account signs in at once.
    const other = await server().createUser();
    expect((await signIn(server().client(), other.user.email, other.password)).status).toBe(200);
  });
});

describe('refused requests', () => {
  it('do not extend the lock: 8 parallel right passwords, then a 9th signs in', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => signIn(server().client(), user.username, password)),
      );
      for (const answer of answers) expect([200, 429]).toContain(answer.status);
      const ninth = await signIn(server().client(), user.username, password);
      expect(ninth.status).toBe(200);
    }
  });

  it('cost no other bucket: a request refused for its IP leaves the account alone', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const ip = newIp();
    for (let i = 0; i < 30; i++) await signIn(server().client(), uniqueEmail(), WRONG, ip);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(server().client(), user.username, WRONG, ip)).status).toBe(429);
    }
    expect((await signIn(server().client(), user.username, password)).status).toBe(200);
  });
});

describe('device cookie', () => {
  /** A browser that signed in to the account before and so holds its device cookie. */
  async function ownersBrowser(login: string, password: string): Promise<TestClient> {
    const owner = server().client();
    expect((await signIn(owner, login, password)).status).toBe(200);
    return owner;
  }

  async function lockAccount(login: string, ip = newIp()): Promise<void> {
    const attacker = server().client();
    for (let i = 0; i < 5; i++) {
      expect(await code(await signIn(attacker, login, WRONG, ip))).toBe('wrong_credentials');
    }
  }

  it('is set at sign-in: HttpOnly, Lax, Path=/, a year, signed for the account', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const response = await signIn(server().client(), user.username, password);
    const header = response.headers.getSetCookie().find((h) => h.startsWith('device='));
    const cookie = parseSetCookie(header ?? '');
    expect(cookie.value).toMatch(new RegExp(`^${user.id}\\.[0-9a-f]{32}\\.[\\w-]{43}$`));
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.get('max-age')).toBe(String(DEVICE_TTL_S));
    expect(DEVICE_TTL_S).toBe(365 * 24 * 60 * 60);
  });

  it("lets the owner's browser sign in while others' wrong passwords lock the account", async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const owner = await ownersBrowser(user.email, password);
    // The guesser shares the owner's IP (an office, a carrier's NAT) and locks it too.
    const shared = newIp();
    await lockAccount(user.username, shared);
    for (let i = 0; i < 25; i++) await signIn(server().client(), uniqueEmail(), WRONG, shared);
    expect((await signIn(server().client(), user.username, password)).status).toBe(429);
    expect((await signIn(server().client(), uniqueEmail(), WRONG, shared)).status).toBe(429);
    const answer = await signIn(owner, user.username, password, shared);
    expect(answer.status).toBe(200);
    expect((await owner.get('/api/v1/profile/')).status).toBe(200);
    // Signing in again with the renewed cookie still works.
    expect((await signIn(owner, user.email, password)).status).toBe(200);
  });

  it('counts a forged, malformed or foreign cookie as none', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const other = await server().createUser();
    const owner = await ownersBrowser(user.username, password);
    const real = owner.cookies.get('device') ?? '';
    const [id, nonce, signature = ''] = real.split('.');
    const foreign = (await ownersBrowser(other.user.username, other.password)).cookies.get(
      'device',
    );
    const fakes = [
      `${id}.${nonce}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${id}.${'0'.repeat(32)}.${signature}`,
      `${other.user.id}.${nonce}.${signature}`,
      `${real}.x`,
      'garbage',
      foreign ?? '',
    ];
    await lockAccount(user.username);
    for (const fake of fakes) {
      const browser = server().client();
      browser.cookies.set('device', fake);
      const refused = await signIn(browser, user.username, password);
      expect(refused.status, fake).toBe(429);
    }
    expect((await signIn(owner, user.username, password)).status).toBe(200);
  });

  it("counts a forged cookie's wrong passwords against the account", async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const owner = await ownersBrowser(user.username, password);
    const [id, nonce] = (owner.cookies.get('device') ?? '').split('.');
    const forger = server().client();
    forger.cookies.set('device', `${id}.${nonce}.${'A'.repeat(43)}`);
    for (let i = 0; i < 5; i++) await signIn(forger, user.username, WRONG);
    expect((await signIn(server().client(), user.username, password)).status).toBe(429);
  });

  it('locks a device after 5 wrong passwords, without locking the account', async () => {
    freshWindow(server());
    const { user, password } = await server().createUser();
    const owner = await ownersBrowser(user.username, password);
    for (let i = 0; i < 5; i++) {
      expect(await code(await signIn(owner, user.username, WRONG))).toBe('wrong_credentials');
    }
    const locked = await signIn(owner, user.username, password);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: 'too_many_requests' });
    expect((await signIn(server().client(), user.username, password)).status).toBe(200);
    server().clock.advance(WINDOW);
    expect((await signIn(owner, user.username, password)).status).toBe(200);
  });
});

describe('device cookie in production', () => {
  const production = useTestServer({
    env: { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) },
  });

  it('is __Host-device, Secure, and still lets the owner in during a lock', async () => {
    freshWindow(production());
    const { user, password } = await production().createUser();
    const owner = production().client();
    const response = await signIn(owner, user.username, password);
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((h) => h.startsWith('__Host-device='));
    const cookie = parseSetCookie(header ?? '');
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('domain')).toBe(false);
    const attacker = production().client();
    for (let i = 0; i < 5; i++) await signIn(attacker, user.username, WRONG);
    expect((await signIn(attacker, user.username, password)).status).toBe(429);
    expect((await signIn(owner, user.username, password)).status).toBe(200);
  });
});

describe('per-IP limit behind a trusted proxy', () => {
  it('tells IPs apart by the entry the proxy appended', async () => {
    freshWindow(server());
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const answer = await signIn(server().client(), uniqueEmail('probe'), WRONG, ip);
      expect(answer.status).toBe(400);
    }
    expect((await signIn(server().client(), uniqueEmail('probe'), WRONG, ip)).status).toBe(429);
    // The client's own entries come first and change nothing.
    const spoofed = server()
      .client()
      .postForm(LOGIN, { login: uniqueEmail('probe'), password: WRONG }, from(`${newIp()}, ${ip}`));
    expect((await spoofed).status).toBe(429);
    expect((await signIn(server().client(), uniqueEmail('probe'), WRONG)).status).toBe(400);
  });
});

describe('per-IP limit without a trusted proxy', () => {
  const direct = useTestServer();

  it('ignores X-Forwarded-For', async () => {
    freshWindow(direct());
    for (let i = 0; i < 30; i++) {
      const answer = await direct()
        .client()
        .postForm(LOGIN, { login: uniqueEmail('probe'), password: WRONG }, from(newIp()));
      expect(answer.status).toBe(400);
    }
    const refused = await direct()
      .client()
      .postForm(LOGIN, { login: uniqueEmail('probe'), password: WRONG }, from(newIp()));
    expect(refused.status).toBe(429);
  });
});

describe('common passwords', () => {
  it.each(['P@ssw0rd', 'Pa$$w0rd', '1qaz@WSX', 'PASSWORD1', 'Qwerty123', 'iloveyou'])(
    'knows %j, in any case',
    (password) => {
      expect(isGuessablePassword(password)).toBe(true);
    },
  );

  it.each([STRONG, 'Secret-pass-1', 'Sign-up-pass-1', 'Test-pass-1', DEMO_ACCOUNT.password, WRONG])(
    'lets %j through',
    (password) => {
      expect(isGuessablePassword(password)).toBe(false);
    },
  );

  // Decision 0211: the user's own address, its parts, the username and the names count
  // as guessable, whatever the case of their letters; strong for anyone else.
  const owner = {
    email: 'Marguerite.Okafor@Quillbright.com',
    username: 'Zephyrine77',
    firstName: 'Thaddeus',
    lastName: 'Brzezinski',
  };
  it.each([
    'Marguerite.Okafor@Quillbright.com',
    'quillbright2024!',
    'QUILLBRIGHT2024!',
    'Zephyrine77!',
    'Thaddeus1990!',
    'Brzezinski2024!',
  ])("counts %j, made of the owner's own data, as guessable for the owner alone", (password) => {
    expect(isGuessablePassword(password, owner)).toBe(true);
    expect(isGuessablePassword(password)).toBe(false);
  });

  it("counts a name's words of three letters or more as the owner's data", () => {
    // "Qzw" is no word anywhere but in this owner's name; beside "falcon!" it is what
    // makes the password guessable for the owner.
    const named = { email: 'mail@example.com', lastName: 'Qzw-Jx' };
    expect(isGuessablePassword('qzwfalcon!', named)).toBe(true);
    expect(isGuessablePassword('qzwfalcon!', { ...named, lastName: 'Other' })).toBe(false);
  });

  it('refuses a sign-up with a common password that meets every other rule', async () => {
    const response = await server()
      .client()
      .postForm(
        '/api/auth/signup/',
        { email: uniqueEmail(), password: 'P@ssw0rd', agree: 'on' },
        from(newIp()),
      );
    expect(response.status).toBe(400);
    expect(await fieldCodes(response)).toEqual([['password', 'common_password']]);
  });
});
