import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A folder for a test of a file the operator names (PROMOTIONS_FILE, SITE_FILE): a static
 * folder holding `index` as its index.html, and `file()` to write the operator's files.
 * Made at once, since the files and the static folder must exist before useTestServer's
 * beforeAll builds the app; removed after the test file.
 */
export function operatorFiles(name: string, index: string) {
  const dir = path.join(tmpdir(), `portal-${name}-${process.pid}-${Date.now()}`);
  const staticDir = path.join(dir, 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, 'index.html'), index);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    staticDir,
    /** Writes `content` (JSON unless a string) as `name` in the folder; returns its path. */
    file(name: string, content: unknown): string {
      const where = path.join(dir, name);
      writeFileSync(where, typeof content === 'string' ? content : JSON.stringify(content));
      return where;
    },
  };
}

/** The JSON in a page's `<meta name content>`, decoded as the browser decodes the attribute. */
export function metaJson(html: string, name: string): unknown {
  const content = new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
  if (content === undefined) throw new Error(`the page has no ${name} meta`);
  const decoded = content
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}
