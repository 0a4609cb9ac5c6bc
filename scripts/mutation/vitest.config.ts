// The tests a mutant is judged by (npm run mutation): the unit project (machines, views,
// paths) and the server project. The browser and fault suites start servers and
// Chromium, too slow to run once per mutant.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vite.config.ts';

const JUDGES = ['unit', 'server'];

export default defineConfig(async (env) => {
  const config = await base(env);
  const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];
  return {
    ...config,
    test: {
      ...config.test,
      projects: projects.filter((project) => {
        const name = project.test?.name;
        return JUDGES.includes(typeof name === 'string' ? name : (name?.label ?? ''));
      }),
    },
  };
});
