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
        // One chunk for the libraries every page needs: split across many small
        // chunks they compress worse and cost more requests. The lazy parts
        // (menus, tooltips, toasts: @zag-js, @floating-ui) stay in their own chunks.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|@emotion|stylis|@pandacss|valibot|ofetch|ufo|destr|@lingui|use-sync-external-store|hoist-non-react-statics|react-is|@babel)[\\/]/,
              priority: 10,
            },
          ],
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
          include: ['test/server/**/*.test.ts'],
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
