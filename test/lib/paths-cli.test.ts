// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm run paths -- --json', () => {
  it('prints the JSON alone on stdout, npm’s banner and the tests’ output elsewhere', () => {
    // One flow's path tests: the whole set takes minutes.
    const result = spawnSync('npm', ['run', 'paths', '--', '--json', '--only', 'unsubscribe'], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { ok: boolean; machines: { machine: string }[] };
    expect(report.machines.map((row) => row.machine)).toEqual(['unsubscribe']);
    expect(report.ok).toBe(true);
    expect(result.stderr).toContain('> node scripts/paths.ts --json --only unsubscribe');
  });
});
