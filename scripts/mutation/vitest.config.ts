// The tests a mutant is judged by (npm run mutation): the unit project (machines, views,
// paths) and the server project. The browser and fault suites start servers and
// Chromium, too slow to run once per mutant. The stories test is left out too
// (decision 0111): it imports every story, so it ran for every mutant of every machine,
// and most of a machine mutant's time went to it; what it checks of a machine, the path
// and view tests check state by state.
import { existsSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vite.config.ts';

const JUDGES = ['unit', 'server'];
/** Judges no mutant: every story rendered in both locales, and played. */
const NOT_JUDGING = ['test/views/stories.test.tsx'];
/**
 * The test files a run is scoped to (`npm run mutation -- --testFiles a,b`), each kept in
 * the project whose files it is; every judging test when none are named. The scope is
 * set here rather than with Stryker's own `--testFiles`: given those, Stryker activates
 * every mutant once the tests have loaded their modules, so a mutant in code that runs
 * only as a module loads (a constant, a function built at the top level) was never
 * active, and survived whatever the tests checked.
 */
const scope = process.env['MUTATION_TEST_FILES']?.split(',').filter(Boolean);
const matches = (file: string, globs: string[]): boolean =>
  globs.some((glob) => matchesGlob(file, glob));
const inScope = (include: string[]): string[] =>
  scope ? scope.filter((file) => matches(file, include)) : include;

export default defineConfig(async (env) => {
  const config = await base(env);
  const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];
  const judging = projects.filter((project) => {
    const name = project.test?.name;
    return JUDGES.includes(typeof name === 'string' ? name : (name?.label ?? ''));
  });
  // A named file no judging project runs would be dropped without a word, and the run
  // would judge its mutants by the other files alone: refuse it instead.
  const unjudged = (scope ?? []).filter(
    (file) =>
      !existsSync(file) ||
      matches(file, NOT_JUDGING) ||
      !judging.some((project) => matches(file, project.test?.include ?? configDefaults.include)),
  );
  if (unjudged.length > 0) {
    throw new Error(
      `--testFiles names files no judging test project runs: ${unjudged.join(', ')} (the unit and server projects' test files, by their path from the repository's root)`,
    );
  }
  return {
    ...config,
    test: {
      ...config.test,
      projects: judging.map((project) => ({
        ...project,
        test: {
          ...project.test,
          include: inScope(project.test?.include ?? configDefaults.include),
          exclude: [...(project.test?.exclude ?? configDefaults.exclude), ...NOT_JUDGING],
        },
      })),
    },
  };
});
