// A signed-in session of the seeded demo account, for the benchmarks: the CSRF cookie
// from a first call, then the sign-in form, as a browser would.
import { DEMO_ACCOUNT } from '../server/db/seed.ts';

export async function demoSession(url: string): Promise<{ cookie: string; csrf: string }> {
  const first = await fetch(`${url}/api/v1/countries/`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.getSetCookie().join('; '))?.[1];
  if (!csrf) throw new Error('the server set no csrftoken cookie');
  const answer = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
    },
    body: new URLSearchParams({ login: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  const cookies = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .concat(`csrftoken=${csrf}`);
  return { cookie: cookies.join('; '), csrf };
}
