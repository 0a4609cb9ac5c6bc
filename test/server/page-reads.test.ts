import { describe, expect, it } from 'vitest';
import type { AnsweredRead } from '../../contract/page-reads.ts';
import { memoryLogger } from '../../server/logger.ts';
import { answeredReadsElement, type AnswerInProcess } from '../../server/page-reads.ts';

/*
 * A signed-in page waits for its reads a budgeted time at most (PAGE_READS_BUDGET_MS,
 * issue 33): what is not answered by then, or fails, is left to the SPA. The app's
 * answers here are stand-ins, so which read is slow is chosen, not timed: a slow read
 * never answers at all.
 */
const BUDGET_MS = 500;
const never = new Promise<Response>(() => {});
const ok = (body: unknown) => Response.json(body);

/** The profile page's reads: the user, the teams, the countries and the social accounts. */
function app(overrides: Record<string, () => Promise<Response>>): AnswerInProcess {
  return (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    return overrides[path]?.() ?? Promise.resolve(ok({ path }));
  };
}

async function elementOf(answer: AnswerInProcess) {
  const logger = memoryLogger();
  const page = {
    url: new URL('http://localhost/en/profile'),
    headers: new Headers({ cookie: 'session=x' }),
    address: '/profile',
  };
  return { logger, element: await answeredReadsElement(answer, page, logger, BUDGET_MS) };
}

async function readsOf(answer: AnswerInProcess) {
  const { logger, element } = await elementOf(answer);
  const json = /<script type="application\/json" id="portal-reads">(.*?)<\/script>/s.exec(element);
  const reads = json?.[1] === undefined ? null : (JSON.parse(json[1]) as AnsweredRead[]);
  return { paths: reads?.map((read) => read.path) ?? null, logger };
}

describe("a signed-in page's reads within their time budget", () => {
  it('carries every read answered in time', async () => {
    const { paths, logger } = await readsOf(app({}));
    expect(paths).toEqual(['v1/profile/', 'v1/teams/', 'v1/countries/', 'v1/profile/social/']);
    expect(logger.entries).toEqual([]);
  });

  it('goes without a read not answered within the budget, and says how many', async () => {
    const started = performance.now();
    const { paths, logger } = await readsOf(app({ 'v1/countries/': () => never }));
    expect(paths).toEqual(['v1/profile/', 'v1/teams/', 'v1/profile/social/']);
    // Served once the budget ran out: not before, and without waiting for the slow read.
    expect(performance.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(logger.entries).toMatchObject([
      { level: 'info', message: 'a page went without its slow reads', fields: { unanswered: 1 } },
    ]);
  });

  it('carries nothing when the user is not answered within the budget', async () => {
    const { paths } = await readsOf(app({ 'v1/profile/': () => never }));
    expect(paths).toBeNull();
  });

  it('goes without a read that fails, keeping the others', async () => {
    const { paths, logger } = await readsOf(
      app({ 'v1/teams/': () => Promise.reject(new Error('connection lost')) }),
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
  it('carries each answer as it came and leaves out one that is not JSON', async () => {
    const { logger, element } = await elementOf(
      app({
        'v1/teams/': () => Promise.resolve(new Response('<teams/>', { status: 200 })),
        'v1/countries/': () => Promise.resolve(ok([{ name: '<b>&"</b>', code: 'DE' }])),
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
