import { afterAll, beforeAll } from 'vitest';

/**
 * The tests of the describe block this is called in run with `process.env.TZ` set to
 * `zone`; the zone before is back afterwards. Node applies a new TZ at once (Vitest runs
 * server files in child processes).
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
