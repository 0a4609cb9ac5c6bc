import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayments } from '../../server/db/schema.ts';
import { readPaths } from '../../contract/page-reads.ts';
import { LIMITS } from '../../server/identity/throttle.ts';
import { WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { autopaymentRow, sendJson, setPlan, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { statementCounter } from './statements.ts';

/*
 * Where each read's time goes (issue 33): the SQL statements the second of two identical
 * requests sends, for every GET the SPA makes while signed in. The goal per read: none
 * for reference data and the reads the session cache keeps (the profile's, the poll's,
 * the reads of a user's own rows and the team reads: server/user-reads.ts), one
 * otherwise. The table pins what each read costs; a read that comes to cost more fails
 * here.
 */

const server = useTestServer({ env: { WEBGIS_PROVISION_SECONDS: '0' } });

let reader: TestClient;
let username: string;
let counter: ReturnType<typeof statementCounter>;

beforeAll(async () => {
  const s = server();
  // A premium owner with a team of one member, a member of another owner's team, with
  // an autopayment and a started web GIS.
  const owner = await signedIn(s);
  const member = await signedIn(s);
  const other = await signedIn(s);
  await setPlan(s, owner.user.id, 'premium');
  await setPlan(s, other.user.id, 'premium');
  await s.db.insert(autopayments).values(autopaymentRow(owner.user.id));
  const own = await sendJson(owner.client, 'PATCH', '/api/v1/team/', {
    users: [member.user.portalGuid],
  });
  expect(own.status).toBe(200);
  const theirs = await sendJson(other.client, 'PATCH', '/api/v1/team/', {
    users: [owner.user.portalGuid],
  });
  expect(theirs.status).toBe(200);
  const webgis = await owner.client.postJson('/api/v1/webgis/', {
    subdomain_name: `reads${Date.now()}`,
    language: 'en',
    location_id: 'eu-central',
  });
  expect(webgis.status).toBe(201);
  await s.jobs.drain([WEBGIS_PROVISION_QUEUE]);
  reader = owner.client;
  username = member.user.username;
  counter = statementCounter(s.handle);
});

afterAll(() => counter.restore());

// [read, path, statements today, goal]
const reads: [string, () => string, number, number][] = [
  ['profile', () => '/api/v1/profile/', 0, 0],
  ['subscription', () => '/api/subscription/', 0, 0],
  ['autopayment', () => '/api/autopayment/', 0, 0],
  ['prices', () => '/api/v1/subscription/prices/', 0, 0],
  // The checkout's preview of a plan: the days the running period adds, and the end.
  ['conversion', () => '/api/subscription/convertion/?plan=mini&interval=yearly', 0, 0],
  ['in advance', () => '/api/subscription/in_advance/?plan=mini&interval=yearly', 0, 0],
  ['change cost', () => '/api/v1/subscription/change-cost/?plan=mini&interval=yearly', 0, 0],
  ['passkeys', () => '/api/v1/security/passkeys/', 0, 0],
  ['two-factor', () => '/api/v1/security/two-factor/', 0, 0],
  ['price', () => '/api/v1/subscription/price/?plan=mini', 0, 0],
  ['countries', () => '/api/v1/countries/', 0, 0],
  ['current country', () => '/api/v1/countries/current/en', 0, 0],
  ['teams', () => '/api/v1/teams/', 0, 0],
  ['team', () => '/api/v1/team/', 0, 0],
  // The lookup's throttle counts it (one conditional upsert, refusing when full), then
  // the user: the throttle is what keeps the lookup from collecting accounts.
  ['users lookup', () => `/api/v1/users/?username=${username}`, 2, 2],
  ['web GIS refs', () => '/api/v1/webgis/refs/', 0, 0],
  ['my web GIS', () => '/api/v1/webgis/my/', 0, 0],
  ['web GIS locations', () => '/api/v1/webgis/cluster/locations/', 0, 0],
  ['releases', () => '/api/v1/releases', 0, 0],
  ['on-premise bindings', () => '/api/v1/onpremise/bindings/', 0, 0],
  ['legal', () => '/api/v1/legal/terms/en/', 0, 0],
  ['payments', () => '/api/v1/payments/?page=1', 0, 0],
  ['saved card', () => '/api/v1/card/', 0, 0],
  ['team invitations', () => '/api/v1/team/invitations/', 0, 0],
  ['social accounts', () => '/api/v1/profile/social/', 0, 0],
  ['sessions', () => '/api/v1/sessions/', 0, 0],
  ['security events', () => '/api/v1/security/events/', 0, 0],
];

describe('statements per read, warm', () => {
  // The reads a page carries are the SPA's first reads: none may be missing here.
  it.each(Object.entries(readPaths))('counts the page read %s', (_name, path) => {
    const paths = reads.map(([, at]) => new URL(at(), 'http://portal').pathname);
    expect(paths).toContain(`/api/${path}`);
  });

  it.each(reads)('%s', async (_name, path, today, goal) => {
    const first = await reader.get(path());
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const { result, statements } = await counter.count(() => reader.get(path()));
    expect(result.status).toBe(200);
    await result.arrayBuffer();
    expect(today).toBeGreaterThanOrEqual(goal);
    expect(statements, statements.join('\n')).toHaveLength(today);
  });

  // A flood of lookups: past its throttle, this process knows the window is full (its
  // limit is never forgiven) and refuses without asking the database.
  it('users lookup past its throttle: none', async () => {
    const path = `/api/v1/users/?username=${username}`;
    let answer = await reader.get(path);
    for (let left = LIMITS.userLookup.max; answer.status === 200 && left > 0; left -= 1) {
      await answer.arrayBuffer();
      answer = await reader.get(path);
    }
    expect(answer.status).toBe(429);
    await answer.arrayBuffer();
    const { result, statements } = await counter.count(() => reader.get(path));
    expect(result.status).toBe(429);
    expect(await result.json()).toMatchObject({ code: 'too_many_requests' });
    expect(statements, statements.join('\n')).toEqual([]);
  });
});
