import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../contract/countries.ts';

type Manifest = Record<string, { file?: unknown }>;

const ASSET = /^assets\/[\w.-]+\.js$/;

/**
 * What a page's first screen loads right after the main script, named in its HTML so
 * the browser fetches it beside the main script instead of one round trip later: the
 * locale's first catalog; and where a session cookie came, what every signed-in page
 * asks for at once: the API client (its first call waits for it) and the rest of the
 * catalog. Route chunks are not named: fetched beside the main script they slowed it
 * more than they gained (decision 0009).
 */
export function preloadsOf(manifest: Manifest, locale: Locale, sessionSent: boolean): string[] {
  const keys = [`src/locales/${locale}/messages.po`];
  if (sessionSent)
    keys.push('node_modules/ofetch/dist/index.mjs', `src/locales/${locale}/pages.po`);
  return keys.flatMap((key) => {
    const file = manifest[key]?.file;
    return typeof file === 'string' && ASSET.test(file) ? [`/${file}`] : [];
  });
}

/**
 * The page's preload links from Vite's manifest, read again when it changes (a rebuild
 * shows up without a restart). No manifest (a build without one): no links.
 */
export function pagePreloads(root: string) {
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return async (locale: Locale, sessionSent: boolean): Promise<string> => {
    const file = path.join(root, '.vite', 'manifest.json');
    const info = await stat(file).catch(() => null);
    if (info === null) return '';
    if (cached?.mtimeMs !== info.mtimeMs) {
      const manifest = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as Manifest)
        .catch(() => ({}) as Manifest);
      cached = { mtimeMs: info.mtimeMs, manifest };
    }
    return preloadsOf(cached.manifest, locale, sessionSent)
      .map((href) => `<link rel="modulepreload" href="${href}" />`)
      .join('');
  };
}
