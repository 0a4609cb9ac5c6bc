import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SITE_FACTS } from '../../contract/site.ts';
import { isExample, loadSiteFacts } from '../../server/site/site.ts';
import { operatorSiteFacts } from '../fixtures/site.ts';
import { useTestServer } from './harness.ts';
import { metaJson, operatorFiles } from './operator-files.ts';

const INDEX = `<!doctype html><html lang="en"><head>
<meta name="portal-locale" content="en" />
<meta name="portal-site" content="" />
</head><body><div id="root"></div></body></html>`;
const { dir, staticDir, file } = operatorFiles('site', INDEX);

const operator = operatorSiteFacts;
const server = useTestServer({
  env: { STATIC_DIR: staticDir, SITE_FILE: file('site.json', operator) },
});

/** The facts the served page carries, decoded as the browser decodes the attribute. */
async function pageFacts(urlPath: string): Promise<unknown> {
  const html = await (await server().client().get(urlPath)).text();
  return metaJson(html, 'portal-site');
}

describe('SITE_FILE', () => {
  it('reaches every page the SPA is served on, in both languages, as written', async () => {
    expect(await pageFacts('/en/webgis')).toEqual(operator);
    expect(await pageFacts('/ru/login/1')).toEqual(operator);
  });

  it('ships examples that say they are examples, read when SITE_FILE is not set', () => {
    const shipped = loadSiteFacts(null);
    expect(shipped).toEqual(EXAMPLE_SITE_FACTS);
    expect(isExample(shipped)).toBe(true);
    expect(isExample(operator)).toBe(false);
  });

  it('refuses a bad file with a message naming the file and each problem', () => {
    const bad = file('bad.json', {
      support_email: 'not an address',
      webgis_links: { ...operator.webgis_links, demo: { en: 'javascript:alert(1)' } },
    });
    const message = (() => {
      try {
        loadSiteFacts(bad);
        return '';
      } catch (error) {
        return String(error);
      }
    })();
    expect(message).toContain(bad);
    expect(message).toMatch(/support_email: expected an e-mail address/);
    expect(message).toMatch(/webgis_links\.demo\.en: expected an http\(s\) address/);
    expect(message).toMatch(/webgis_links\.demo\.ru/);
    expect(() => loadSiteFacts(file('broken.json', '{'))).toThrow(/not JSON/);
    expect(() => loadSiteFacts(path.join(dir, 'missing.json'))).toThrow(/cannot be read/);
  });
});
