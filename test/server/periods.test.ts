import { describe, expect, it } from 'vitest';
import { addPeriod } from '../../server/billing/subscription.ts';
import { inTimeZone } from './time-zone.ts';

const at = (iso: string) => new Date(iso);
const end = (from: string, interval: 'monthly' | 'yearly', extraDays = 0) =>
  addPeriod(at(from), interval, extraDays).toISOString();

/** The expectations, all in UTC; each zone below runs them all. */
function periodCases() {
  it('clamps a month to the last day of a shorter month', () => {
    expect(end('2027-01-31T10:00:00.000Z', 'monthly')).toBe('2027-02-28T10:00:00.000Z');
    expect(end('2028-01-31T10:00:00.000Z', 'monthly')).toBe('2028-02-29T10:00:00.000Z');
    expect(end('2027-01-30T10:00:00.000Z', 'monthly')).toBe('2027-02-28T10:00:00.000Z');
    expect(end('2028-01-30T10:00:00.000Z', 'monthly')).toBe('2028-02-29T10:00:00.000Z');
    expect(end('2027-03-31T10:00:00.000Z', 'monthly')).toBe('2027-04-30T10:00:00.000Z');
  });

  it('keeps the day when the next month has it, across the year end', () => {
    expect(end('2026-12-31T10:00:00.000Z', 'monthly')).toBe('2027-01-31T10:00:00.000Z');
    expect(end('2027-02-28T10:00:00.000Z', 'monthly')).toBe('2027-03-28T10:00:00.000Z');
    expect(end('2027-04-15T10:00:00.000Z', 'monthly')).toBe('2027-05-15T10:00:00.000Z');
  });

  it('clamps 29 February to 28 February a year later', () => {
    expect(end('2028-02-29T10:00:00.000Z', 'yearly')).toBe('2029-02-28T10:00:00.000Z');
    expect(end('2027-02-28T10:00:00.000Z', 'yearly')).toBe('2028-02-28T10:00:00.000Z');
    expect(end('2027-03-31T10:00:00.000Z', 'yearly')).toBe('2028-03-31T10:00:00.000Z');
  });

  it('adds the extra days after the clamped period', () => {
    expect(end('2027-01-31T10:00:00.000Z', 'monthly', 3)).toBe('2027-03-03T10:00:00.000Z');
    expect(end('2028-01-31T10:00:00.000Z', 'monthly', 1)).toBe('2028-03-01T10:00:00.000Z');
    expect(end('2028-02-29T10:00:00.000Z', 'yearly', 1)).toBe('2029-03-01T10:00:00.000Z');
    expect(end('2026-12-31T10:00:00.000Z', 'monthly', 40)).toBe('2027-03-12T10:00:00.000Z');
  });

  it('counts on the UTC date for times near midnight UTC', () => {
    // Local dates differ from UTC ones here in far zones (1 February in +14, 30 January
    // in -11): the period still follows the UTC calendar and keeps the exact UTC time.
    expect(end('2027-01-31T23:59:59.999Z', 'monthly')).toBe('2027-02-28T23:59:59.999Z');
    expect(end('2027-01-31T00:00:00.000Z', 'monthly')).toBe('2027-02-28T00:00:00.000Z');
    expect(end('2028-01-31T23:30:00.000Z', 'monthly', 2)).toBe('2028-03-02T23:30:00.000Z');
    expect(end('2027-03-31T00:15:00.000Z', 'monthly')).toBe('2027-04-30T00:15:00.000Z');
    expect(end('2027-03-30T23:00:00.000Z', 'monthly')).toBe('2027-04-30T23:00:00.000Z');
    expect(end('2028-02-29T23:45:00.000Z', 'yearly')).toBe('2029-02-28T23:45:00.000Z');
    expect(end('2028-02-29T00:05:00.000Z', 'yearly')).toBe('2029-02-28T00:05:00.000Z');
    expect(end('2026-12-31T23:59:00.000Z', 'monthly')).toBe('2027-01-31T23:59:00.000Z');
  });

  it('keeps the UTC time across daylight-saving changes of the local zone', () => {
    // March and October/November move the clocks in New York, London, São Paulo (2018).
    expect(end('2027-03-01T03:00:00.000Z', 'monthly')).toBe('2027-04-01T03:00:00.000Z');
    expect(end('2027-10-15T01:30:00.000Z', 'monthly', 20)).toBe('2027-12-05T01:30:00.000Z');
    expect(end('2018-10-04T03:00:00.000Z', 'monthly')).toBe('2018-11-04T03:00:00.000Z');
  });
}

describe('addPeriod in the process time zone', periodCases);

describe.each([
  // [zone, the local day of 2027-01-31T23:30Z there]
  ['Pacific/Kiritimati', 1], // UTC+14
  ['Pacific/Pago_Pago', 31], // UTC−11
  ['America/Los_Angeles', 31],
  ['America/New_York', 31],
  ['America/Sao_Paulo', 31],
  ['Asia/Kolkata', 1], // UTC+5:30
  ['Australia/Lord_Howe', 1], // half-hour daylight saving
])('addPeriod with TZ=%s', (zone, localDay) => {
  inTimeZone(zone);

  it('runs in that zone', () => {
    expect(at('2027-01-31T23:30:00.000Z').getDate()).toBe(localDay);
  });

  periodCases();
});
