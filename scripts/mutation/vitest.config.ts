// The tests a mutant is judged by (npm run mutation): the unit project (machines, views,
// paths) and the server project. The browser and fault suites start servers and
// Chromium, too slow to run once per mutant. The stories test is left out too
// (decision 0111): it imports every story, so it ran for every mutant of every machine,
// and most of a machine mutant's time went to it; what it checks of a machine, the path
// and view tests check state by state.
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
const inScope = (include: string[]): string[] =>
  scope ? scope.filter((file) => include.some((glob) => matchesGlob(file, glob))) : include;

export default defineConfig(async (env) => {
  const config = await base(env);
  const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];
  return {
    ...config,
    test: {
      ...config.test,
      projects: projects
        .filter((project) => {
          const name = project.test?.name;
          return JUDGES.includes(typeof name === 'string' ? name : (name?.label ?? ''));
        })
        .map((project) => ({
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
