// @vitest-environment node
// No import cycles in server/: a module that imports back one of its importers makes
// the load order decide which side sees `undefined` (drizzle tables, route factories),
// and it blurs which module owns what. ESLint has no import plugin here (no
// eslint-plugin-import-x or eslint-plugin-import in node_modules), so this test walks
// the relative imports itself.
//
// Type-only imports (`import type`, `export type ... from`, `import { type X }`) count
// too: they vanish at run time, but a type cycle still ties two modules together (the
// Mailer/context cycle was one), and it turns into a run-time cycle as soon as a value
// import is added next to the type.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = join(root, 'server');

/** `import … from '…'`, `export … from '…'` (across lines) and `import '…'`. */
const FROM = /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

/** Each file's relative imports, by absolute path. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(FROM), ...source.matchAll(BARE)].map((m) => m[1]!);
    const targets = specifiers
      .filter((s) => s.startsWith('./') || s.startsWith('../'))
      .map((s) => resolveImport(file, s))
      .filter((t): t is string => t !== undefined && known.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One cycle per back edge of a depth-first walk (none when the graph is acyclic). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const seen = state.get(next);
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (seen === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('server import graph', () => {
  it('finds cycles, type-only imports included (self-check)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']]]))).toEqual([]);
    const sample = "import type { A } from './a.ts';\nexport {\n  b,\n} from '../b.ts';\n";
    expect([...sample.matchAll(FROM)].map((m) => m[1])).toEqual(['./a.ts', '../b.ts']);
  });

  it('has no import cycle in server/', () => {
    const files = tsFiles(serverDir);
    expect(files.length).toBeGreaterThan(10);
    const cycles = findCycles(importGraph(files)).map((cycle) =>
      cycle.map((file) => relative(root, file)).join(' -> '),
    );
    expect(cycles, `import cycles in server/:\n${cycles.join('\n')}`).toEqual([]);
  });
});

/**
 * server/'s folders (and its top-level files) from the bottom up. A module may import
 * only from its own folder or from a lower layer, so no arrow runs back up: the shared
 * base (errors, config, the database, the HTTP kit) knows no domain, identity knows no
 * billing, and only the composition at the top (app, start) knows every domain. A new
 * folder or top-level file must be placed here.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['request-context.ts'],
  [
    'errors.ts',
    'logger.ts',
    'escape-html.ts',
    'fast-resolve.ts',
    'reserved-subdomains.ts',
    'validators.ts',
    'promotions',
    'providers',
    'site',
    'page-preloads.ts',
  ],
  ['config.ts', 'db', 'line.ts', 'page-reads.ts', 'page-render.ts', 'crash-point.ts'],
  ['http', 'jobs', 'secret.ts', 'error-reporting.ts'],
  ['deps.ts'],
  ['mail', 'geo', 'legal', 'health', 'user-reads.ts'],
  ['identity'],
  ['teams', 'software', 'consultation'],
  ['plan-facts.ts'],
  ['billing', 'onpremise'],
  ['webgis', 'spa.ts'],
  ['profile', 'queues.ts', 'seed.ts', 'metrics.ts', 'openapi'],
  ['page-answers.ts'],
  ['app.ts'],
  ['start.ts', 'main.ts'],
];

/** The folder under server/ a file belongs to, or the top-level file itself. */
const unitOf = (file: string) => relative(serverDir, file).split('/')[0]!;

/** Every import from one unit into another that is not in a lower layer. */
function upwardImports(
  graph: Map<string, string[]>,
  layers: readonly (readonly string[])[],
): string[] {
  const layerOf = new Map(layers.flatMap((units, at) => units.map((unit) => [unit, at])));
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => unitOf(target) !== unitOf(file))
      .filter((target) => (layerOf.get(unitOf(target)) ?? -1) >= (layerOf.get(unitOf(file)) ?? -1))
      .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
  );
}

describe('server layers', () => {
  const files = tsFiles(serverDir);
  const graph = importGraph(files);

  it('places every folder and top-level file of server/ in a layer', () => {
    const placed = new Set(LAYERS.flat());
    const units = [...new Set(files.map(unitOf))].sort();
    expect(units.filter((unit) => !placed.has(unit))).toEqual([]);
    expect([...placed].filter((unit) => !units.includes(unit))).toEqual([]);
  });

  it('finds an arrow running back up (self-check)', () => {
    const billing = join(serverDir, 'billing', 'charge.ts');
    const identity = join(serverDir, 'identity', 'accounts.ts');
    const teams = join(serverDir, 'teams', 'teams.ts');
    const sample = new Map([
      [identity, [billing]],
      [billing, [identity]],
      [teams, [join(serverDir, 'software', 'files.ts')]],
    ]);
    expect(upwardImports(sample, LAYERS)).toEqual([
      'server/identity/accounts.ts -> server/billing/charge.ts',
      'server/teams/teams.ts -> server/software/files.ts',
    ]);
  });

  it('has no import running back up a layer, type-only imports included', () => {
    const upward = upwardImports(graph, LAYERS);
    expect(upward, `imports against the layers:\n${upward.join('\n')}`).toEqual([]);
  });
});
