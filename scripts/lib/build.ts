import { spawnSync } from 'node:child_process';

/**
 * Builds the SPA into dist/, as `npm run build` does, or with source maps into another
 * folder (`bench:boot`). The build's output goes to stderr, so that a script's --json
 * leaves stdout to the JSON.
 */
export function buildSpa(withMaps?: { outDir: string }): void {
  const mapped = withMaps ? ['--sourcemap', '--outDir', withMaps.outDir, '--emptyOutDir'] : [];
  const vite = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...mapped],
    { stdio: ['ignore', 2, 2] },
  );
  if (vite.status !== 0) throw new Error(`vite build failed (exit ${vite.status})`);
}
