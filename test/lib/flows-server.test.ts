import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPaths } from '../../contract/page-reads.ts';
import { API_DOMAINS, placesOf, serverDomainsOf } from '../../scripts/lib/flows.ts';
import { loadMachine } from '../../scripts/lib/machines.ts';

const apiModules = readdirSync('src/api')
  .filter((name) => name.endsWith('.api.ts'))
  .map((name) => name.replace(/\.api\.ts$/, ''))
  .sort();

/** server/app.ts's mounts: each path prefix under /api/ and the domain folder of its routes. */
function mounts(): { prefix: string; domain: string }[] {
  const app = readFileSync('server/app.ts', 'utf8');
  const domainOf = new Map<string, string>();
  for (const [, names = '', domain = ''] of app.matchAll(
    /^import \{([^}]+)\} from '\.\/([\w-]+)\/[^']+';$/gm,
  )) {
    for (const name of names.split(',')) domainOf.set(name.trim(), domain);
  }
  return [...app.matchAll(/app\.route\(\s*'(\/api\/[^']*)',\s*(\w+)\(/g)].map(
    ([, prefix = '', routes = '']) => ({ prefix, domain: domainOf.get(routes) ?? `?${routes}` }),
  );
}

/**
 * The paths (under /api/) a call module asks, each up to its first placeholder: its
 * path-like literals (`v1/...`, `auth/...`) and the page reads it names (readPaths).
 */
function callPaths(name: string): string[] {
  const source = readFileSync(`src/api/${name}.api.ts`, 'utf8').replace(/^import[^;]+;$/gm, '');
  const literals = [...source.matchAll(/['`]([a-z][\w]*\/[^'`$]*)/g)].map(([, path = '']) => path);
  const reads = [...source.matchAll(/readPaths\.(\w+)/g)].map(
    ([, read = '']) => readPaths[read as keyof typeof readPaths],
  );
  return [...literals, ...reads].map((path) => `/api/${path}`);
}

/** The domain whose mount (the longest prefix) serves a path. */
function servingDomain(path: string, all: { prefix: string; domain: string }[]): string {
  const serving = all
    .filter(({ prefix }) => path.startsWith(prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return serving?.domain ?? `nothing serves ${path}`;
}

describe('the server domain of each call module (API_DOMAINS)', () => {
  it('names every src/api/*.api.ts, and only those', () => {
    expect(Object.keys(API_DOMAINS).sort()).toEqual(apiModules);
  });

  it('names folders that exist under server/', () => {
    for (const domain of Object.values(API_DOMAINS))
      expect(existsSync(`server/${domain}`)).toBe(true);
  });

  it.each(apiModules)('%s.api.ts calls the routes server/app.ts mounts from its domain', (name) => {
    const all = mounts();
    const paths = callPaths(name);
    expect(paths.length, `no call found in src/api/${name}.api.ts`).toBeGreaterThan(0);
    const domains = [...new Set(paths.map((path) => servingDomain(path, all)))].sort();
    // identity.api.ts also asks the visitor's country by IP (geo) for the sign-up details,
    // whose flow calls geo's countries anyway.
    const expected = name === 'identity' ? ['geo', 'identity'] : [API_DOMAINS[name]];
    expect(domains).toEqual(expected);
  });
});

describe('serverDomainsOf', () => {
  it('lists the domains of the call modules imported or loaded, in order, each once', () => {
    const source = [
      "import { a } from '../api/billing.api.ts';",
      "import { b } from '../api/countries.api.ts';",
      "import { c } from '../api/billing.api.ts';",
      "import { d } from './field-errors.ts';",
      "const e = (await import('../api/teams.api.ts')).fetchTeams;",
    ].join('\n');
    expect(serverDomainsOf(source)).toEqual(['server/billing/', 'server/geo/', 'server/teams/']);
    expect(serverDomainsOf("import { d } from './field-errors.ts';")).toEqual([]);
  });

  it('follows the flow files it takes actors from, each once', () => {
    const flows: Record<string, string> = {
      plans: "import { a } from '../api/billing.api.ts';\nimport { b } from './card.flow.ts';",
      card: "import { c } from '../api/countries.api.ts';\nimport { d } from './plans.flow.ts';",
    };
    const read = (name: string) => flows[name] ?? '';
    const source = "import { e } from '../api/teams.api.ts';\nimport { f } from './plans.flow.ts';";
    expect(serverDomainsOf(source, read)).toEqual([
      'server/teams/',
      'server/billing/',
      'server/geo/',
    ]);
  });

  it('refuses a call module it has no domain for', () => {
    expect(() => serverDomainsOf("import { x } from '../api/nowhere.api.ts';")).toThrow(
      'src/api/nowhere.api.ts',
    );
  });
});

describe('the Server place', () => {
  const serverOf = async (base: string) =>
    placesOf(await loadMachine(`machines/${base}.machine.ts`))
      .filter(({ place }) => place === 'Server')
      .map(({ path }) => path);

  it('is each domain the flow file calls', async () => {
    expect(await serverOf('checkout')).toEqual(['server/billing/', 'server/geo/']);
    expect(await serverOf('team-owner')).toEqual(['server/teams/']);
    // The update page's read is the subscription page's (subscription.flow.ts).
    expect(await serverOf('subscription-update')).toEqual(['server/billing/']);
    // The web GIS and the teams it loads on demand too.
    expect(await serverOf('session')).toEqual([
      'server/profile/',
      'server/identity/',
      'server/webgis/',
      'server/teams/',
    ]);
  });

  it('is none for a flow without server calls, or without a flow file', async () => {
    // Its flow file provides the confirmation of a social account, no call.
    expect(await serverOf('social-consent')).toEqual([null]);
    expect(await serverOf('confirm')).toEqual([null]);
  });
});
