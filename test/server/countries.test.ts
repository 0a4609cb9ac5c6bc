import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CountryList, CurrentCountry, IpCountryResponse } from '../../contract/countries.ts';
import { useTestServer } from './harness.ts';

const server = useTestServer();

describe('GET /api/v1/countries/', () => {
  it('lists every ISO country with both names, sorted by the English name', async () => {
    const response = await server().client().get('/api/v1/countries/');
    expect(response.status).toBe(200);
    const list = v.parse(CountryList, await response.json());
    expect(list).toHaveLength(249);
    expect(list).toContainEqual({ code: 'RU', name_en: 'Russia', name_ru: 'Россия' });
    expect(list).toContainEqual({ code: 'DE', name_en: 'Germany', name_ru: 'Германия' });
    // English order, whatever the database's collation: Åland between Afghanistan and Albania.
    expect(list.slice(0, 3).map((country) => country.code)).toEqual(['AF', 'AX', 'AL']);
    const names = list.map((country) => country.name_en);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });
});

describe('GET /api/v1/countries/current/:lang', () => {
  it.each([
    ['ru', { code: 'RU', name: 'Россия' }],
    ['en', { code: 'US', name: 'United States' }],
  ])('guesses by language %s', async (lang, expected) => {
    const response = await server().client().get(`/api/v1/countries/current/${lang}`);
    expect(response.status).toBe(200);
    expect(v.parse(CurrentCountry, await response.json())).toEqual(expected);
  });

  it('answers 400 at lang for another language', async () => {
    const response = await server().client().get('/api/v1/countries/current/de');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          code: 'invalid_input',
          detail: 'Must be one of "en" or "ru"',
          source: { pointer: 'lang' },
        },
      ],
    });
  });

  it('ignores a country header when none is configured', async () => {
    const response = await server()
      .client()
      .get('/api/v1/countries/current/en', { headers: { 'CF-IPCountry': 'DE' } });
    expect(await response.json()).toEqual({ code: 'US', name: 'United States' });
  });
});

describe('POST /api/v1/ip_country/', () => {
  it('answers the code by language', async () => {
    const response = await server().client().postJson('/api/v1/ip_country/', { lang: 'ru' });
    expect(response.status).toBe(200);
    expect(v.parse(IpCountryResponse, await response.json())).toEqual({ code: 'RU' });
  });

  it('refuses another lang at its field', async () => {
    const response = await server().client().postJson('/api/v1/ip_country/', { lang: 'fr' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ code: 'invalid_input', source: { pointer: 'lang' } }],
    });
  });
});

describe('with a trusted country header', () => {
  const proxied = useTestServer({ env: { COUNTRY_HEADER: 'CF-IPCountry' } });

  it('takes the country from the header, named in the asked language', async () => {
    const headers = { 'CF-IPCountry': 'de' };
    const current = await proxied().client().get('/api/v1/countries/current/ru', { headers });
    expect(await current.json()).toEqual({ code: 'DE', name: 'Германия' });
    const ip = await proxied()
      .client()
      .postJson('/api/v1/ip_country/', { lang: 'en' }, { headers });
    expect(await ip.json()).toEqual({ code: 'DE' });
  });

  it('falls back to the language for unknown values such as XX and T1', async () => {
    for (const value of ['XX', 'T1', '']) {
      const response = await proxied()
        .client()
        .get('/api/v1/countries/current/ru', { headers: { 'CF-IPCountry': value } });
      expect(await response.json()).toEqual({ code: 'RU', name: 'Россия' });
    }
  });
});
