import { describe, expect, it } from 'vitest';
import { browserTimezone } from '../../src/flows/session.flow.ts';

describe("the browser's timezone the session sends", () => {
  const winter = new Date('2026-01-15T12:00:00Z');

  it('takes the zone from Temporal where the browser has it', () => {
    const temporal = { Now: { timeZoneId: () => 'Asia/Novosibirsk' } };
    expect(browserTimezone(winter, temporal)).toEqual({
      ianaName: 'Asia/Novosibirsk',
      offset: -winter.getTimezoneOffset(),
    });
  });

  it("asks Intl's formatter where it has not", () => {
    expect(browserTimezone(winter, null)).toEqual({
      ianaName: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offset: -winter.getTimezoneOffset(),
    });
  });
});
