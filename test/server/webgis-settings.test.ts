import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Webgis, WebgisLocationList } from '../../contract/webgis.ts';
import { WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { json, signedIn } from './billing.ts';
import { useTestServer } from './harness.ts';

/* The web GIS settings: another domain, the sandbox's switch, and production. */

describe('WEBGIS_DOMAIN and WEBGIS_SANDBOX=fail', () => {
  const server = useTestServer({
    env: {
      WEBGIS_PROVISION_SECONDS: '0',
      WEBGIS_DOMAIN: 'gis.example.test',
      WEBGIS_SANDBOX: 'fail',
      PUBLIC_URL: 'https://account.example.test',
    },
  });

  it('puts instances under the configured domain and fails every location', async () => {
    const { client } = await signedIn(server());
    expect(await json(await client.get('/api/v1/webgis/refs/'))).toEqual({
      domain: 'gis.example.test',
    });
    const response = await client.postJson('/api/v1/webgis/', {
      subdomain_name: 'elsewhere',
      language: 'en',
      location_id: 'us-east',
    });
    expect(v.parse(Webgis, await json(response))).toMatchObject({
      url: 'https://elsewhere.gis.example.test/',
      url_oauth: 'https://elsewhere.gis.example.test/login/oauth/',
    });
    await server().jobs.drain([WEBGIS_PROVISION_QUEUE]);
    const mine = v.parse(Webgis, await json(await client.get('/api/v1/webgis/my/')));
    expect(mine).toMatchObject({ state: 'error', state_transition: null });
    // The instance answers at its own host (here a started one would; this one failed).
    const page = await server().app.request('https://elsewhere.gis.example.test/');
    expect(page.status).toBe(503);
    // The Host header names it, whatever its case and port.
    const named = await server().app.request('https://elsewhere.gis.example.test:8443/', {
      headers: { host: 'Elsewhere.GIS.example.test:8443' },
    });
    expect(named.status).toBe(503);
    expect(await named.text()).toContain('elsewhere');
  });
});

describe('web GIS in production without a provisioner', () => {
  const server = useTestServer({ env: { NODE_ENV: 'production', SESSION_SECRET: 'w'.repeat(40) } });

  it('lists only real data centers and refuses to create (503), serving no instance pages', async () => {
    const { client } = await signedIn(server());
    const list = v.parse(
      WebgisLocationList,
      await json(await client.get('/api/v1/webgis/cluster/locations/')),
    );
    expect(list.map((l) => l.id)).toEqual(['eu-central', 'ru-central', 'us-east']);
    const response = await client.postJson('/api/v1/webgis/', {
      subdomain_name: 'production',
      language: 'en',
      location_id: 'eu-central',
    });
    expect(response.status).toBe(503);
    expect(await json(response)).toMatchObject({
      errors: [{ code: 'webgis_unavailable', source: { pointer: '' } }],
    });
    expect((await client.get('/api/v1/webgis/my/')).status).toBe(404);
    const page = await server().app.request('http://production.localhost/');
    expect(page.status).not.toBe(200);
    expect(await page.text()).not.toContain('web GIS');
  });
});
