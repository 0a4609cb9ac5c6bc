import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `code` in a fresh Node process, with or without the server's resolution shortcut. */
function run(code: string, shortcut: boolean): string {
  const args = [...(shortcut ? ['--import', './server/fast-resolve.ts'] : [])];
  return execFileSync(process.execPath, [...args, '--input-type=module', '-e', code], {
    encoding: 'utf8',
  });
}

// Every drizzle entry the server imports, and what each module exports.
const PROBE = `
  const entries = ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/pglite',
    'drizzle-orm/pglite/migrator', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator'];
  const shapes = {};
  for (const entry of entries) shapes[entry] = Object.keys(await import(entry)).sort();
  console.log(JSON.stringify(shapes));
`;

describe("the server's module-resolution shortcut", () => {
  it("loads drizzle's modules exactly as Node's own resolution does", () => {
    const plain = JSON.parse(run(PROBE, false)) as Record<string, string[]>;
    const shortcut = JSON.parse(run(PROBE, true)) as Record<string, string[]>;
    expect(plain['drizzle-orm/pg-core']).toContain('pgTable');
    expect(shortcut).toEqual(plain);
  });

  it("answers drizzle's relative imports itself, and leaves the rest to Node", () => {
    // A hook registered before the shortcut sees only what the shortcut passed on.
    const code = (shortcut: boolean) => `
      import { registerHooks } from 'node:module';
      const passed = { drizzle: 0, other: 0 };
      registerHooks({ resolve(specifier, context, next) {
        passed[context.parentURL?.includes('/node_modules/drizzle-orm/') ? 'drizzle' : 'other'] += 1;
        return next(specifier, context);
      } });
      ${shortcut ? "await import('./server/fast-resolve.ts');" : ''}
      await import('drizzle-orm/pg-core');
      await import('hono');
      console.log(JSON.stringify(passed));
    `;
    const plain = JSON.parse(run(code(false), false)) as { drizzle: number; other: number };
    const shortcut = JSON.parse(run(code(true), false)) as { drizzle: number; other: number };
    expect(plain.drizzle).toBeGreaterThan(100);
    expect(shortcut.drizzle).toBe(0);
    // Imports from outside drizzle (its entries, hono's own) all still go through Node,
    // besides the shortcut's own module and its import of node:module.
    expect(shortcut.other).toBe(plain.other + 2);
  });
});

describe("the server's own imports of a package", () => {
  it('resolve each name through Node once, and load the same module', () => {
    // Two of the server's modules that import drizzle-orm/pg-core, and what Node saw.
    const code = (shortcut: boolean) => `
      import { registerHooks } from 'node:module';
      let passed = 0;
      registerHooks({ resolve(specifier, context, next) {
        if (specifier === 'drizzle-orm/pg-core') passed += 1;
        return next(specifier, context);
      } });
      ${shortcut ? "await import('./server/fast-resolve.ts');" : ''}
      const columns = await import('./server/db/columns.ts');
      const teams = await import('./server/db/teams-schema.ts');
      const pgCore = await import('drizzle-orm/pg-core');
      console.log(JSON.stringify({ passed, columns: Object.keys(columns).length,
        teams: Object.keys(teams).sort(), same: pgCore.pgTable === (await import('drizzle-orm/pg-core')).pgTable }));
    `;
    type Seen = { passed: number; columns: number; teams: string[]; same: boolean };
    const plain = JSON.parse(run(code(false), false)) as Seen;
    const shortcut = JSON.parse(run(code(true), false)) as Seen;
    expect(plain.passed).toBeGreaterThanOrEqual(3);
    expect(shortcut.passed).toBe(1);
    expect(shortcut.teams).toEqual(plain.teams);
    expect(shortcut.columns).toBe(plain.columns);
    expect(shortcut.same).toBe(true);
  });
});
