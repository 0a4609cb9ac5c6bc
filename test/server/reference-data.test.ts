import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanList } from '../../contract/billing.ts';
import { CountryList } from '../../contract/countries.ts';
import { Release } from '../../contract/software.ts';
import { countries, planPrices, plans, releases, webgisLocations } from '../../server/db/schema.ts';
import { ReferenceCache } from '../../server/db/reference-cache.ts';
import { json, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';

/** After a write straight to the database: its notification is in, as a request's would be. */
const written = () => server().sessionCache.settle();

/*
 * Reference data from memory with validators (docs/decisions/0031): an answer carries a
 * strong ETag and `no-cache`, the same ETag sent back answers 304 with no body, and a
 * change to a row reaches the next read whichever connection made it.
 */

const server = useTestServer();

async function etagRoundTrip(client: TestClient, path: string, cacheControl: string) {
  const first = await client.get(path);
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  expect(first.headers.get('cache-control')).toBe(cacheControl);
  const body = await first.text();
  const again = await client.get(path, { headers: { 'If-None-Match': etag ?? '' } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('etag')).toBe(etag);
  // gzip makes the tag weak; the weak form sent back matches too.
  const weak = await client.get(path, { headers: { 'If-None-Match': `W/${etag ?? ''}` } });
  expect(weak.status).toBe(304);
  const other = await client.get(path, { headers: { 'If-None-Match': '"another"' } });
  expect(other.status).toBe(200);
  expect(await other.text()).toBe(body);
  return { etag, body };
}

describe('an ETag round trip', () => {
  it.each([
    ['/api/v1/countries/', 'no-cache'],
    ['/api/v1/legal/terms/en/', 'no-cache'],
    ['/api/v1/subscription/prices/?currency=eur', 'private, no-cache'],
    ['/api/v1/webgis/cluster/locations/', 'private, no-cache'],
    ['/api/v1/releases', 'private, no-cache'],
  ])('%s answers 304 with an empty body', async (path, cacheControl) => {
    const { client } = await signedIn(server());
    await etagRoundTrip(client, path, cacheControl);
  });
});

describe('a change to a row', () => {
  it("is seen on the next read: a release's name, in the whole list and a filtered one", async () => {
    const { client } = await signedIn(server());
    const [row] = await server().db.select().from(releases).orderBy(releases.position).limit(1);
    if (!row) throw new Error('no release');
    const renamed = `${row.name} renamed`;
    const paths = ['/api/v1/releases', `/api/v1/releases?tag=${row.tags[0] ?? ''}`];
    const named = async (path: string) => {
      const list = v.parse(v.array(Release), await (await client.get(path)).json());
      expect(list.length).toBeGreaterThan(0);
      return list.find((release) => release.id === row.id)?.name;
    };
    for (const path of paths) expect(await named(path)).toBe(row.name);
    const before = await etagRoundTrip(client, paths[0]!, 'private, no-cache');
    await server().db.update(releases).set({ name: renamed }).where(eq(releases.id, row.id));
    await written();
    try {
      for (const path of paths) expect(await named(path)).toBe(renamed);
      const after = await client.get(paths[0]!, {
        headers: { 'If-None-Match': before.etag ?? '' },
      });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before.etag);
    } finally {
      await server().db.update(releases).set({ name: row.name }).where(eq(releases.id, row.id));
      await written();
    }
    for (const path of paths) expect(await named(path)).toBe(row.name);
  });

  it("is seen on the next read: a country's name, and its validator changes", async () => {
    const { client } = await signedIn(server());
    const before = await etagRoundTrip(client, '/api/v1/countries/', 'no-cache');
    await server()
      .db.update(countries)
      .set({ nameEn: 'Renamed Land' })
      .where(eq(countries.code, 'FR'));
    await written();
    try {
      const after = await client.get('/api/v1/countries/', {
        headers: { 'If-None-Match': before.etag ?? '' },
      });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before.etag);
      const list = v.parse(CountryList, await after.json());
      expect(list.find((country) => country.code === 'FR')?.name_en).toBe('Renamed Land');
      // The visitor's country is read from the same list.
      const current = await client.get('/api/v1/countries/current/en', {
        headers: { 'Accept-Language': 'en' },
      });
      expect(current.status).toBe(200);
    } finally {
      await server().db.update(countries).set({ nameEn: 'France' }).where(eq(countries.code, 'FR'));
      await written();
    }
    const restored = v.parse(CountryList, await (await client.get('/api/v1/countries/')).json());
    expect(restored.find((country) => country.code === 'FR')?.name_en).toBe('France');
  });

  it('is seen on the next read: a plan price, per currency', async () => {
    const { client } = await signedIn(server());
    const path = '/api/v1/subscription/prices/?currency=eur';
    const price = async () => {
      const list = v.parse(PlanList, await (await client.get(path)).json());
      return list.plans.find((plan) => plan.id === 'mini');
    };
    const couponPrice = async () =>
      json<{ price_original: { monthly: { eur: number } } }>(
        await client.get('/api/v1/subscription/price/?plan=mini'),
      );
    const before = await price();
    const couponBefore = await couponPrice();
    await client.get('/api/v1/subscription/prices/?currency=usd');
    const where = and(
      eq(planPrices.planId, 'mini'),
      eq(planPrices.interval, 'monthly'),
      eq(planPrices.currency, 'eur'),
    );
    const [row] = await server().db.select().from(planPrices).where(where);
    if (!row) throw new Error('no mini monthly price in euros');
    await server()
      .db.update(planPrices)
      .set({ amount: row.amount + 7, discountedAmount: null })
      .where(where);
    await written();
    try {
      const after = await price();
      expect(after?.monthlyPrice).toEqual({ amount: row.amount + 7, currency: 'eur' });
      expect((await couponPrice()).price_original.monthly.eur).toBe(row.amount + 7);
      expect(after).not.toEqual(before);
    } finally {
      await server()
        .db.update(planPrices)
        .set({ amount: row.amount, discountedAmount: row.discountedAmount })
        .where(where);
      await written();
    }
    expect(await price()).toEqual(before);
    expect(await couponPrice()).toEqual(couponBefore);
  });

  it("is seen on the next read: a plan's name", async () => {
    const { client } = await signedIn(server());
    const names = async () =>
      v
        .parse(PlanList, await (await client.get('/api/v1/subscription/prices/')).json())
        .plans.map((plan) => plan.name);
    const before = await names();
    await server().db.update(plans).set({ name: 'Mini plus' }).where(eq(plans.id, 'mini'));
    await written();
    try {
      expect(await names()).toEqual(before.map((name) => (name === 'Mini' ? 'Mini plus' : name)));
    } finally {
      await server().db.update(plans).set({ name: 'Mini' }).where(eq(plans.id, 'mini'));
      await written();
    }
    expect(await names()).toEqual(before);
  });

  it('is seen on the next read: a web GIS location', async () => {
    const { client } = await signedIn(server());
    const read = async () => (await client.get('/api/v1/webgis/cluster/locations/')).text();
    const before = await read();
    const [first] = await server().db.select().from(webgisLocations).limit(1);
    if (!first) throw new Error('no web GIS location');
    await server()
      .db.update(webgisLocations)
      .set({ nameEn: 'Renamed place' })
      .where(eq(webgisLocations.id, first.id));
    await written();
    try {
      const after = await read();
      if (before.includes(`"${first.id}"`)) expect(after).toContain('Renamed place');
      else expect(after).toBe(before);
    } finally {
      await server()
        .db.update(webgisLocations)
        .set({ nameEn: first.nameEn })
        .where(eq(webgisLocations.id, first.id));
      await written();
    }
    expect(await read()).toBe(before);
  });
});

describe('the reference cache', () => {
  it('keeps a value only while the feed is up and no change to its tables was heard', async () => {
    const cache = new ReferenceCache();
    let reads = 0;
    const load = () => Promise.resolve((reads += 1));
    const read = () => cache.read('key', ['countries'], load);
    // The feed is not up yet: every read reads.
    await read();
    await read();
    expect(reads).toBe(2);
    cache.live(true);
    // A change heard while reading: the value read is not kept.
    await cache.read('key', ['countries'], () => {
      expect(cache.heard('ref:countries')).toBe(true);
      return load();
    });
    expect((await read()).value).toBe(4);
    expect((await read()).value).toBe(4);
    // Another table's change keeps it; its own drops it; a user's id is not for this cache.
    expect(cache.heard('ref:plans')).toBe(true);
    expect((await read()).value).toBe(4);
    expect(cache.heard('17')).toBe(false);
    expect(cache.heard('ref:countries')).toBe(true);
    expect((await read()).value).toBe(5);
    // The feed drops: nothing is kept.
    cache.live(false);
    expect(cache.size).toBe(0);
    await read();
    expect((await read()).value).toBe(7);
  });
});
