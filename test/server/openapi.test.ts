import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { openApiDocument, openApiPath } from '../../server/openapi/document.ts';
import { ErrorAnswer, UNDOCUMENTED, findOperation } from '../../server/openapi/operations.ts';
import { checkAnswer } from './client.ts';
import { useTestServer } from './harness.ts';

const server = useTestServer();

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `$ref` of the document, with where it points. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refs(item, found);
    }
  }
  return found;
}

const resolve = (document: Json, ref: string): unknown =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);

describe('OpenAPI document', () => {
  it('has every route of the app, and no route the app does not have', () => {
    const { app } = server();
    const routes = new Set(
      app.routes
        .filter((route) => route.method !== 'ALL')
        .filter(
          (route) => route.path.startsWith('/api/') || /^\/(healthz|readyz)$/.test(route.path),
        )
        .filter((route) => !UNDOCUMENTED.some((pattern) => pattern.test(route.path)))
        .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`),
    );
    const document = openApiDocument('test');
    const documented = new Set(
      Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method} ${path}`),
      ),
    );
    expect([...routes].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !routes.has(route))).toEqual([]);
    // Sanity: the app's list is the real one, not an empty filter.
    expect(routes.size).toBeGreaterThan(60);
  });

  it('is OpenAPI 3.1 in structure: paths, operations, parameters and references hold', () => {
    const document = openApiDocument('test');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(isObject(document.info) && typeof document.info.title).toBe('string');
    expect(isObject(document.info) && typeof document.info.version).toBe('string');
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      expect(path.startsWith('/')).toBe(true);
      const braces = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS).toContain(method);
        if (!isObject(operation)) throw new Error(`${method} ${path}: not an object`);
        expect(typeof operation.operationId).toBe('string');
        expect(ids.has(operation.operationId as string)).toBe(false);
        ids.add(operation.operationId as string);
        const responses = operation.responses;
        expect(isObject(responses) && Object.keys(responses).length > 0).toBe(true);
        for (const [status, answer] of Object.entries(responses as Json)) {
          expect(status).toMatch(/^(default|[1-5]\d\d)$/);
          expect(isObject(answer) && typeof answer.description).toBe('string');
        }
        const parameters = (operation.parameters ?? []) as Json[];
        const inPath = parameters.filter((parameter) => parameter.in === 'path');
        expect(inPath.map((parameter) => parameter.name).sort()).toEqual([...braces].sort());
        for (const parameter of parameters) {
          expect(['path', 'query', 'header', 'cookie']).toContain(parameter.in);
          expect(isObject(parameter.schema)).toBe(true);
        }
      }
    }
    const all = refs(document);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) expect(resolve(document, ref), ref).toBeDefined();
  });

  it('is served at /api/openapi.json, with its reference page at /api/docs from the package', async () => {
    const client = server().client();
    const answer = await client.get('/api/openapi.json');
    expect(answer.status).toBe(200);
    const served = (await answer.json()) as Json;
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths as Json)).toContain('/api/v1/profile/');

    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    // Its scripts come from this server; the policy for scripts stays 'self' only.
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources).toContain('/api/docs/swagger-ui-bundle.js');
    for (const source of sources) {
      const asset = await client.get(source);
      expect(asset.status, source).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, source).toBeGreaterThan(0);
    }
    const start = await (await client.get('/api/docs/start.js')).text();
    expect(start).toContain("'/api/openapi.json'");
    expect((await client.get('/api/docs/package.json')).status).toBe(404);
    expect((await client.get('/api/docs/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

describe('answers against the document', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  it("finds a request's operation by method and path pattern", () => {
    expect(findOperation('GET', '/api/v1/legal/terms/en/')?.path).toBe(
      '/api/v1/legal/:document/:locale/',
    );
    expect(findOperation('DELETE', '/api/v1/teams/abc/membership/')?.path).toBe(
      '/api/v1/teams/:owner_id/membership/',
    );
    expect(findOperation('PUT', '/api/v1/profile/')).toBeUndefined();
  });

  it('refuses a success answer outside its schema and an error outside section 8', async () => {
    await expect(checkAnswer('GET', '/api/v1/countries/', json([{ code: 'DE' }]))).rejects.toThrow(
      /outside its schema/,
    );
    await expect(
      checkAnswer('GET', '/api/v1/countries/', json({ message: 'no' }, 500)),
    ).rejects.toThrow(/outside its schema/);
    await expect(
      checkAnswer(
        'GET',
        '/api/v1/countries/',
        json([{ code: 'DE', name_en: 'Germany', name_ru: 'Германия' }]),
      ),
    ).resolves.toBeUndefined();
    await expect(
      checkAnswer('GET', '/api/v1/countries/', json({ code: 'not_found', detail: 'Nothing' }, 404)),
    ).resolves.toBeUndefined();
  });

  it('a real error answer is in the section-8 shape', async () => {
    const answer = await server().client().get('/api/v1/profile/');
    expect(answer.status).toBe(401);
    expect(v.is(ErrorAnswer, await answer.json())).toBe(true);
  });
});
