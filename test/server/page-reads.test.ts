import { describe, expect, it } from 'vitest';
import type { AnsweredRead } from '../../contract/page-reads.ts';
import { memoryLogger } from '../../server/logger.ts';
import { answeredReadsElement, type PageReader } from '../../server/page-reads.ts';

/*
 * A signed-in page waits for its reads a budgeted time at most (PAGE_READS_BUDGET_MS,
 * issue 33): what is not answered by then, or fails, is left to the SPA. The answers
 * here are stand-ins, so which read is slow is chosen, not timed: a slow read never
 * answers at all.
 */
const BUDGET_MS = 500;
const never = new Promise<never>(() => {});
/** The user a page's session names: anyone will do, the reader is the test's own. */
interface User {
  id: number;
}
const someone: User = { id: 1 };

/** The profile page's reads: the user, the teams, the countries and the social accounts. */
function reader(
  overrides: Record<string, () => Promise<string | null>>,
  user: () => Promise<User | null> = () => Promise.resolve(someone),
): PageReader<User> & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    user,
    answer: (item, who) => {
      expect(who).toBe(someone);
      asked.push(item.path);
      return overrides[item.path]?.() ?? Promise.resolve(JSON.stringify({ path: item.path }));
    },
  };
}

async function elementOf(answer: PageReader<User>) {
  const logger = memoryLogger();
  const page = { url: new URL('http://localhost/en/profile'), address: '/profile' };
  return { logger, element: await answeredReadsElement(answer, page, logger, BUDGET_MS) };
}

async function readsOf(answer: PageReader<User>) {
  const { logger, element } = await elementOf(answer);
  const json = /<script type="application\/json" id="portal-reads">(.*?)<\/script>/s.exec(element);
  const reads = json?.[1] === undefined ? null : (JSON.parse(json[1]) as AnsweredRead[]);
  return { paths: reads?.map((read) => read.path) ?? null, logger };
}

describe("a signed-in page's reads within their time budget", () => {
  it('carries every read answered in time', async () => {
    const { paths, logger } = await readsOf(reader({}));
    expect(paths).toEqual(['v1/profile/', 'v1/teams/', 'v1/countries/', 'v1/profile/social/']);
    expect(logger.entries).toEqual([]);
  });

  it('goes without a read not answered within the budget, and says how many', async () => {
    const started = performance.now();
    const { paths, logger } = await readsOf(reader({ 'v1/countries/': () => never }));
    expect(paths).toEqual(['v1/profile/', 'v1/teams/', 'v1/profile/social/']);
    // Served once the budget ran out: not before, and without waiting for the slow read.
    expect(performance.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(logger.entries).toMatchObject([
      { level: 'info', message: 'a page went without its slow reads', fields: { unanswered: 1 } },
    ]);
  });

  it('carries nothing when the user is not answered within the budget', async () => {
    const { paths } = await readsOf(reader({ 'v1/profile/': () => never }));
    expect(paths).toBeNull();
  });

  it('carries nothing, and asks no read, when the session is not found within the budget', async () => {
    const slow = reader({}, () => never);
    const { paths, logger } = await readsOf(slow);
    expect(paths).toBeNull();
    expect(slow.asked).toEqual([]);
    expect(logger.entries).toMatchObject([{ fields: { unanswered: 1 } }]);
  });

  it('carries nothing, and asks no read, when the cookie names no live session', async () => {
    const nobody = reader({}, () => Promise.resolve(null));
    const { paths, logger } = await readsOf(nobody);
    expect(paths).toBeNull();
    expect(nobody.asked).toEqual([]);
    expect(logger.entries).toEqual([]);
  });

  it('goes without a read that fails, keeping the others', async () => {
    const { paths, logger } = await readsOf(
      reader({ 'v1/teams/': () => Promise.reject(new Error('connection lost')) }),
    );
    expect(paths).toEqual(['v1/profile/', 'v1/countries/', 'v1/profile/social/']);
    expect(logger.entries).toMatchObject([
      {
        level: 'warn',
        message: 'a page was served without one of its reads',
        fields: { read: 'v1/teams/' },
      },
    ]);
  });
});

describe("a signed-in page's reads as the API wrote them", () => {
  it('carries each answer as it came and leaves out one the API does not answer', async () => {
    const { logger, element } = await elementOf(
      reader({
        'v1/teams/': () => Promise.resolve(null),
        'v1/countries/': () => Promise.resolve(JSON.stringify([{ name: '<b>&"</b>', code: 'DE' }])),
      }),
    );
    expect(element).not.toMatch(/<(?!\/?script)/);
    const reads = JSON.parse(/>(.*)<\/script>$/s.exec(element)![1]!) as AnsweredRead[];
    expect(reads).toEqual([
      { path: 'v1/profile/', answer: { path: 'v1/profile/' } },
      { path: 'v1/countries/', answer: [{ name: '<b>&"</b>', code: 'DE' }] },
      { path: 'v1/profile/social/', answer: { path: 'v1/profile/social/' } },
    ]);
    expect(logger.entries).toEqual([]);
  });
});
