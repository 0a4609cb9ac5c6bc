import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../contract/countries.ts';
import type { Stats } from 'node:fs';

type Manifest = Record<
  string,
  { file?: unknown; name?: unknown; imports?: unknown; isEntry?: unknown }
>;

const ASSET = /^assets\/[\w.-]+\.js$/;

/** The chunk of the signed-in pages' own code (`signedInChunkOf` in vite.config.ts). */
const SIGNED_IN_CHUNK = 'account';

/**
 * What a page's first screen loads right after the main script, named in its HTML so
 * the browser fetches it beside the main script instead of one round trip later: the
 * locale's first catalog; and where a session cookie came, what every signed-in page
 * asks for at once: the API client (its first call waits for it), the rest of the
 * catalog, and the signed-in pages' code with the chunks it imports (decision 0009).
 */
export function preloadsOf(manifest: Manifest, locale: Locale, sessionSent: boolean): string[] {
  const keys = [`src/locales/${locale}/messages.po`];
  if (sessionSent)
    keys.push(
      'node_modules/ofetch/dist/index.mjs',
      `src/locales/${locale}/pages.po`,
      ...signedInChunks(manifest),
    );
  return keys.flatMap((key) => {
    const file = manifest[key]?.file;
    return typeof file === 'string' && ASSET.test(file) ? [`/${file}`] : [];
  });
}

/** The signed-in pages' chunk and what it imports, less what the main script imports. */
function signedInChunks(manifest: Manifest): string[] {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry === true);
  const loaded = new Set(entries.flatMap((chunk) => importsOf(chunk)));
  const chunks: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || chunk.isEntry === true || loaded.has(key)) return;
    loaded.add(key);
    importsOf(chunk).forEach(visit);
    chunks.push(key);
  };
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.name === SIGNED_IN_CHUNK) visit(key);
  return chunks;
}

const importsOf = (chunk: Manifest[string]): string[] =>
  Array.isArray(chunk.imports) ? chunk.imports.filter((key) => typeof key === 'string') : [];

/**
 * The page's preload links from Vite's manifest, read again when it changes (a rebuild
 * shows up without a restart). No manifest (a build without one): no links.
 */
export function pagePreloads(root: string, statOf: (file: string) => Promise<Stats | null>) {
  // The links of each locale and session, made once per manifest: not per page served.
  let cached: { mtimeMs: number; manifest: Manifest; links: Map<string, string> } | null = null;
  return async (locale: Locale, sessionSent: boolean): Promise<string> => {
    const file = path.join(root, '.vite', 'manifest.json');
    const info = await statOf(file);
    if (info === null) return '';
    if (cached?.mtimeMs !== info.mtimeMs) {
      const manifest = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as Manifest)
        .catch(() => ({}) as Manifest);
      cached = { mtimeMs: info.mtimeMs, manifest, links: new Map() };
    }
    const key = `${locale} ${sessionSent}`;
    let links = cached.links.get(key);
    if (links === undefined) {
      links = preloadsOf(cached.manifest, locale, sessionSent)
        .map((href) => `<link rel="modulepreload" href="${href}" />`)
        .join('');
      cached.links.set(key, links);
    }
    return links;
  };
}
