import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { notFound } from '../errors.ts';
import { openApiDocument } from './document.ts';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };
/** swagger-ui-dist's folder in node_modules: the reference page is served from it, no CDN. */
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page loads, and their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// No inline script: the Content-Security-Policy allows scripts of this origin only.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Account portal API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * Mounted at /: GET /api/openapi.json, the API's OpenAPI 3.1 document, and GET /api/docs,
 * its reference page (swagger-ui from node_modules).
 */
export function openApiRoutes(): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  let document: string | undefined;
  const cache = new Map<string, Buffer>();

  router.get('/api/openapi.json', (c) => {
    document ??= JSON.stringify(openApiDocument(version));
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json');
    return c.body(document);
  });

  router.get('/api/docs', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  });

  router.get('/api/docs/:file', async (c) => {
    const file = c.req.param('file');
    c.header('Cache-Control', 'public, max-age=86400');
    if (file === 'start.js') {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(START);
    }
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (type === undefined) throw notFound();
    let content = cache.get(file);
    if (content === undefined) {
      content = await readFile(path.join(SWAGGER_DIR, file));
      cache.set(file, content);
    }
    c.header('Content-Type', type);
    return c.body(new Uint8Array(content));
  });

  return router;
}
