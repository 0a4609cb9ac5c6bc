import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Webgis } from '../../contract/webgis.ts';
import { webgisInstances } from '../../server/db/schema.ts';
import { breaksLimits, checkWebgisPlans } from '../../server/webgis/plan-rule.ts';
import { WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { buy, checkoutRequest, json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';

/*
 * The plan rule (docs/decisions/0501-webgis.md): when the plan changes below premium
 * or a paid period ends, an instance that breaks the new plan's limits is disabled
 * through wait_for_disable; a plan that fits again starts it through wait_for_start.
 */

const server = useTestServer({ env: { WEBGIS_PROVISION_SECONDS: '0' } });
const DAY = 24 * 60 * 60 * 1000;
const GIB = 1024 ** 3;

const myWebgis = async (client: TestClient) =>
  v.parse(Webgis, await json(await client.get('/api/v1/webgis/my/')));
/** The plan rule's run, as its job runs it; its writes are in the next read. */
const check = async () => {
  await checkWebgisPlans(server());
  await server().sessionCache.settle();
};

async function startedInstance(client: TestClient, subdomain: string) {
  const response = await client.postJson('/api/v1/webgis/', {
    subdomain_name: subdomain,
    language: 'en',
    location_id: 'eu-central',
  });
  expect(response.status).toBe(201);
  await server().jobs.drain([WEBGIS_PROVISION_QUEUE]);
  expect(await myWebgis(client)).toMatchObject({ state: 'started' });
}

const setUsage = async (userId: number, usage: Partial<typeof webgisInstances.$inferInsert>) => {
  await server().db.update(webgisInstances).set(usage).where(eq(webgisInstances.userId, userId));
  await server().sessionCache.settle();
};

async function signInAgain(username: string): Promise<TestClient> {
  const client = server().client();
  await client.postForm('/api/auth/login/', { login: username, password: 'Secret-pass-1' });
  return client;
}

describe('the limits of each plan (section 9)', () => {
  const none = { storageBytes: 0, mapsAndLayers: 0, privateResources: 0 };
  it.each([
    ['free', none, false],
    ['free', { ...none, storageBytes: 5 * GIB }, false],
    ['free', { ...none, storageBytes: 5 * GIB + 1 }, true],
    ['free', { ...none, mapsAndLayers: 29 }, false],
    ['free', { ...none, mapsAndLayers: 30 }, true],
    ['free', { ...none, privateResources: 1 }, true],
    ['mini', { ...none, storageBytes: 10 * GIB, mapsAndLayers: 500 }, false],
    ['mini', { ...none, storageBytes: 10 * GIB + 1 }, true],
    ['mini', { ...none, privateResources: 1 }, true],
    ['premium', { storageBytes: 500 * GIB, mapsAndLayers: 10_000, privateResources: 50 }, false],
  ] as const)('%s with %o breaks them: %s', (plan, usage, breaks) => {
    expect(breaksLimits(plan, usage)).toBe(breaks);
  });
});

describe('the plan rule', () => {
  it('disables an instance over the free limits when premium expires, starts it on a new premium', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client, checkoutRequest({ plan: 'premium' }));
    await startedInstance(client, 'expiring');
    await setUsage(user.id, { storageBytes: 6 * GIB, mapsAndLayers: 40 });
    // Nothing changed yet: the check leaves it running.
    await check();
    expect(await myWebgis(client)).toMatchObject({ state: 'started', plan: 'premium' });

    expect((await sendJson(client, 'DELETE', '/api/autopayment/')).status).toBe(204);
    server().clock.advance(32 * DAY);
    await server().worker.tick();
    await check();
    const later = await signInAgain(user.username);
    expect(await myWebgis(later)).toMatchObject({
      state: 'disabled',
      state_transition: null,
      plan: 'free',
    });
    const page = await server().app.request('http://expiring.localhost:8080/');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('blocked');
    // A second run finds nothing to do.
    await check();
    expect(await myWebgis(later)).toMatchObject({ state: 'disabled' });

    await buy(server(), later, checkoutRequest({ plan: 'premium' }));
    await check();
    expect(await myWebgis(later)).toMatchObject({
      state: 'started',
      state_transition: null,
      plan: 'premium',
    });
    expect((await server().app.request('http://expiring.localhost:8080/')).status).toBe(200);
  });

  it('disables on a change below premium only when the new plan’s limits are broken', async () => {
    const fits = await signedIn(server());
    await buy(server(), fits.client, checkoutRequest({ plan: 'premium' }));
    await startedInstance(fits.client, 'fits-mini');
    await setUsage(fits.user.id, { storageBytes: 8 * GIB, mapsAndLayers: 100 });

    const breaks = await signedIn(server());
    await buy(server(), breaks.client, checkoutRequest({ plan: 'premium' }));
    await startedInstance(breaks.client, 'private-maps');
    await setUsage(breaks.user.id, { privateResources: 3 });

    for (const { client } of [fits, breaks]) {
      const { provider: _, ...change } = checkoutRequest({ plan: 'mini' });
      expect((await sendJson(client, 'PATCH', '/api/autopayment/', change)).status).toBe(200);
    }
    await check();
    expect(await myWebgis(fits.client)).toMatchObject({ state: 'started', plan: 'mini' });
    expect(await myWebgis(breaks.client)).toMatchObject({ state: 'disabled', plan: 'mini' });
    const [row] = await server()
      .db.select()
      .from(webgisInstances)
      .where(eq(webgisInstances.userId, fits.user.id));
    expect(row?.checkedPlan).toBe('mini');
  });

  it('finishes a change left under way by a crash', async () => {
    const { user, client } = await signedIn(server());
    await startedInstance(client, 'interrupted');
    // As the rule leaves it when the process dies before the provisioner's answer.
    await setUsage(user.id, {
      privateResources: 1,
      checkedPlan: 'free',
      state: 'wait_for_disable',
      stateTransition: 'wait_for_disable',
    });
    expect(await myWebgis(client)).toMatchObject({
      state: 'wait_for_disable',
      state_transition: 'wait_for_disable',
    });
    await check();
    expect(await myWebgis(client)).toMatchObject({ state: 'disabled', state_transition: null });
    await check();
    expect(await myWebgis(client)).toMatchObject({ state: 'disabled', state_transition: null });
  });

  it('leaves instances being created, and those whose plan did not change, alone', async () => {
    const { user, client } = await signedIn(server());
    await client.postJson('/api/v1/webgis/', {
      subdomain_name: 'still-creating',
      language: 'en',
      location_id: 'sandbox-overrun',
    });
    await setUsage(user.id, { privateResources: 5, checkedPlan: 'premium' });
    await check();
    expect(await myWebgis(client)).toMatchObject({ state: 'wait_for_create' });
  });
});
