import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds the SPA into dist/, as `npm run build` does: the browser's build, then the
 * server's (`dist/.server`, decision 0034). With source maps it builds into another
 * folder (`bench:boot`). The build's output goes to stderr, so that a script's --json
 * leaves stdout to the JSON. NODE_ENV is production (a test runner's `test` would give
 * React's development build).
 */
export function buildSpa(withMaps?: { outDir: string }): void {
  const builds = [
    withMaps ? ['--sourcemap', '--outDir', withMaps.outDir, '--emptyOutDir'] : [],
    [
      '--ssr',
      'src/entry-server.tsx',
      ...(withMaps ? ['--outDir', path.join(withMaps.outDir, '.server')] : []),
    ],
  ];
  for (const options of builds) {
    const vite = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...options],
      { stdio: ['ignore', 2, 2], env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (vite.status !== 0) throw new Error(`vite build failed (exit ${vite.status})`);
  }
}
