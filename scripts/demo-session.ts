// A signed-in session of the seeded demo account, for the benchmarks: the CSRF cookie
// from a first call, then the sign-in form, as a browser would; and the account's web
// GIS, made through the API as the create page makes it. Over HTTPS the server's
// certificate is trusted when given (`ca`: a throwaway one, test/e2e/tls.ts).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import * as v from 'valibot';
import { Webgis } from '../contract/webgis.ts';
import { DEMO_ACCOUNT } from '../server/seed.ts';

interface Answer {
  status: number;
  cookies: string[];
  body: string;
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
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: response.headers['set-cookie'] ?? [],
            body: Buffer.concat(chunks).toString('utf8'),
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

/**
 * The demo account's web GIS, made as the create page makes it, once it has started (a
 * server started with WEBGIS_PROVISION_SECONDS=0 starts it at once).
 */
export async function demoWebgis(
  url: string,
  session: { cookie: string; csrf: string },
  ca?: Buffer,
): Promise<void> {
  const headers = {
    cookie: session.cookie,
    'x-csrftoken': session.csrf,
    'content-type': 'application/json',
  };
  const created = await send(`${url}/api/v1/webgis/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ subdomain_name: 'demo-gis', language: 'en', location_id: 'eu-central' }),
    ca,
  });
  if (created.status !== 201) throw new Error(`creating the web GIS answered ${created.status}`);
  for (let tries = 0; tries < 120; tries++) {
    const mine = await send(`${url}/api/v1/webgis/my/`, { headers, ca });
    if (mine.status === 200 && v.parse(Webgis, JSON.parse(mine.body)).state === 'started') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo web GIS did not start within a minute');
}
