// The tests a mutant is judged by (npm run mutation): the unit project (machines, views,
// paths) and the server project. The browser and fault suites start servers and
// Chromium, too slow to run once per mutant. The stories test is left out too
// (decision 0111): it imports every story, so it ran for every mutant of every machine,
// and most of a machine mutant's time went to it; what it checks of a machine, the path
// and view tests check state by state.
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vite.config.ts';

const JUDGES = ['unit', 'server'];
/** Judges no mutant: every story rendered in both locales, and played. */
const NOT_JUDGING = ['test/views/stories.test.tsx'];

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
            exclude: [...(project.test?.exclude ?? configDefaults.exclude), ...NOT_JUDGING],
          },
        })),
    },
  };
});
