// A signed-in session of the seeded demo account, for the benchmarks: the CSRF cookie
// from a first call, then the sign-in form, as a browser would. Over HTTPS the server's
// certificate is trusted when given (`ca`: a throwaway one, test/e2e/tls.ts).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DEMO_ACCOUNT } from '../server/seed.ts';

interface Answer {
  status: number;
  cookies: string[];
}

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca?: Buffer },
): Promise<Answer> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    outgoing.once('error', reject);
    outgoing.end(options.body);
  });
}

export async function demoSession(
  url: string,
  ca?: Buffer,
): Promise<{ cookie: string; csrf: string }> {
  const first = await send(`${url}/api/v1/countries/`, { ca });
  const csrf = /csrftoken=([^;]+)/.exec(first.cookies.join('; '))?.[1];
  if (!csrf) throw new Error('the server set no csrftoken cookie');
  const answer = await send(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
    },
    body: new URLSearchParams({
      login: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    }).toString(),
    ca,
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  const cookies = answer.cookies.map((line) => line.split(';')[0]).concat(`csrftoken=${csrf}`);
  return { cookie: cookies.join('; '), csrf };
}
