import { spawnSync } from 'node:child_process';

/**
 * Builds the SPA into dist/, as `npm run build` does. The build's output goes to stderr,
 * so that a script's --json leaves stdout to the JSON.
 */
export function buildSpa(): void {
  const vite = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: ['ignore', 2, 2] },
  );
  if (vite.status !== 0) throw new Error(`vite build failed (exit ${vite.status})`);
}
