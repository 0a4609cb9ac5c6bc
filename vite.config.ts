import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const devtoolsStub = {
  find: '@tanstack/devtools-event-client',
  replacement: '/src/stubs/devtools-event-client.ts',
};
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // The shell and the sign-in page are the first visit: they ship with the
      // entry, every other page loads when it is visited.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          routeId === '/$locale' || routeId === '/$locale/login/$step' ? [] : undefined,
      },
    }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
  ],
  resolve: {
    alias: command === 'build' ? [devtoolsStub] : [],
  },
  server: { proxy: { '/api': apiTarget, '/sandbox': apiTarget, '/dev/mailbox': apiTarget } },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk (the entry and every module it
        // imports statically): split across many small shared chunks it compresses
        // worse and costs more requests. Lazy routes and the lazy parts of the shell
        // (menus, tooltips, toasts) keep their own chunks.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/{machines,views,lib}/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts', 'test/security/**/*.test.ts'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
