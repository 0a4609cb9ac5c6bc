import { afterAll, beforeAll } from 'vitest';

/**
 * The tests of the describe block this is called in run with `process.env.TZ` set to
 * `zone`; the zone before is back afterwards. Node applies a new TZ at once, in the main
 * thread of a process only: a worker thread's `process.env` is its own copy, and the zone
 * stays. So these tests run in child processes, Vitest's default pool, and the mutation
 * runs ask for that pool too (`"pool": "forks"` in stryker.config.json; Stryker's default
 * is threads).
 */
export function inTimeZone(zone: string) {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}
