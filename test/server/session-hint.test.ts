import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../server/identity/sessions.ts';
import { parseSetCookie, type SetCookie } from './client.ts';
import { useTestServer } from './harness.ts';

// The static folder must exist before useTestServer's beforeAll builds the app.
const staticDir = path.join(tmpdir(), `portal-hint-${process.pid}-${Date.now()}`);
mkdirSync(staticDir, { recursive: true });
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html lang="en"></html>');
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const server = useTestServer({ env: { STATIC_DIR: staticDir } });
const LOGIN = '/api/auth/login/';

function hintOf(response: Response): SetCookie | undefined {
  return response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === 'signedin');
}

async function signedIn() {
  const { user, password } = await server().createUser();
  const client = server().client();
  const response = await client.postForm(LOGIN, { login: user.username, password });
  expect(response.status).toBe(200);
  return { client, response };
}

describe('the session hint cookie', () => {
  it('is set at sign-in, readable by the page, for as long as the session', async () => {
    const { client, response } = await signedIn();
    const hint = hintOf(response);
    expect(hint?.value).toBe('1');
    expect(hint?.attributes.has('httponly')).toBe(false);
    expect(hint?.attributes.get('samesite')).toBe('Lax');
    expect(hint?.attributes.get('path')).toBe('/');
    expect(hint?.attributes.get('max-age')).toBe(String(SESSION_TTL_MS / 1000));
    // Already there: not sent again with every answer.
    expect(hintOf(await client.get('/api/v1/profile/'))).toBeUndefined();
  });

  it('is given back to a signed-in browser that lost it, by the API and by a page', async () => {
    const { client } = await signedIn();
    client.cookies.delete('signedin');
    expect(hintOf(await client.get('/api/subscription/'))?.value).toBe('1');
    client.cookies.delete('signedin');
    expect(hintOf(await client.get('/en/profile'))?.value).toBe('1');
  });

  it("is given back on the start page and either language's pages, never on a file", async () => {
    const { client } = await signedIn();
    for (const page of ['/', '/ru', '/en/profile']) {
      client.cookies.delete('signedin');
      expect(hintOf(await client.get(page))?.value, page).toBe('1');
    }
    for (const other of ['/robots.txt', '/assets/en/app.js', '/enx/profile']) {
      client.cookies.delete('signedin');
      expect(hintOf(await client.get(other)), other).toBeUndefined();
    }
  });

  it('goes at sign-out', async () => {
    const { client } = await signedIn();
    const out = await client.postForm('/api/auth/logout/', {});
    expect(hintOf(out)?.attributes.get('max-age')).toBe('0');
    expect(client.cookies.has('signedin')).toBe(false);
  });

  it('says 0 for a session cookie that names no session, so the page stops asking', async () => {
    const client = server().client();
    client.cookies.set('sessionid', 'x'.repeat(43));
    client.cookies.set('signedin', '1');
    const profile = await client.get('/api/v1/profile/');
    expect(profile.status).toBe(401);
    expect(hintOf(profile)?.value).toBe('0');
    // A page leaves a known answer alone.
    expect(hintOf(await client.get('/en/profile'))).toBeUndefined();
  });

  it("is never set for a visitor, and a visitor's own is removed and trusted by nothing", async () => {
    const visitor = server().client();
    expect(hintOf(await visitor.get('/api/v1/countries/'))).toBeUndefined();
    expect(hintOf(await visitor.get('/en/login/1'))).toBeUndefined();
    visitor.cookies.set('signedin', '1');
    const profile = await visitor.get('/api/v1/profile/');
    expect(profile.status).toBe(401);
    expect(hintOf(profile)?.attributes.get('max-age')).toBe('0');
    visitor.cookies.set('signedin', '1');
    expect(hintOf(await visitor.get('/ru/profile'))?.attributes.get('max-age')).toBe('0');
    // Files never carry it: caches keep them.
    const other = server().client();
    other.cookies.set('sessionid', 'x'.repeat(43));
    expect(hintOf(await other.get('/favicon.svg'))).toBeUndefined();
  });
});
