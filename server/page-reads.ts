import {
  ANSWERED_READS_ID,
  pageReads,
  sessionReads,
  type PageRead,
} from '../contract/page-reads.ts';
import type { Logger } from './logger.ts';

/** The app answering a request in process, as it answers one from the network. */
export type AnswerInProcess = (request: Request) => Response | Promise<Response>;

/** What a read carries over from the page's request: the session, and the language. */
const CARRIED = ['cookie', 'accept-language'] as const;

/**
 * The first reads of a signed-in user's page, answered inside its HTML as a JSON element
 * the SPA takes before its first call (`primeReads` in src/api/client.ts), so the page
 * draws without a round trip after its main script (decision 0009).
 *
 * Each read is the API's own answer to the page's cookies, with its access checks: the
 * user first, and nothing more when that is refused (no session, or a dead one), so a
 * forged cookie costs one read. Then the teams, the page's own reads (contract/
 * page-reads.ts), and the web GIS where the profile names one. Only answers of 200 are
 * carried; the SPA asks for any other itself and hears the refusal as it always does.
 * A read that fails, or is not answered within `budgetMs` (PAGE_READS_BUDGET_MS), leaves
 * the page as it would be without it: a slow read never holds the page back.
 */
export async function answeredReadsElement(
  answerInProcess: AnswerInProcess,
  page: { url: URL; headers: Headers; address: string },
  logger: Logger,
  budgetMs: number,
): Promise<string> {
  const headers = new Headers();
  for (const name of CARRIED) {
    const value = page.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // The page waits for its reads this long at most; what is not answered by then is left
  // to the SPA, which asks for it as it would without the element.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, budgetMs, null);
  });
  // The answer's JSON text is carried as it came: parsed only where the page needs a
  // fact of it (the user's web GIS), never parsed and written again.
  const read = async (item: PageRead): Promise<Answered | null> => {
    const query = item.query ? `?${new URLSearchParams(item.query)}` : '';
    const url = new URL(`/api/${item.path}${query}`, page.url.origin);
    const answer = await answerInProcess(new Request(url, { headers }));
    if (answer.status !== 200 || !isJson(answer)) return null;
    return { item, text: await answer.text() };
  };
  let unanswered = 0;
  const inTime = async (item: PageRead): Promise<Answered | null> => {
    let answered = false;
    const work = read(item).then(
      (result) => {
        answered = true;
        return result;
      },
      (error: unknown) => {
        answered = true;
        logger.warn('a page was served without one of its reads', {
          address: page.address,
          read: item.path,
          error,
        });
        return null;
      },
    );
    const result = await Promise.race([work, late]);
    if (!answered) unanswered += 1;
    return result;
  };
  try {
    const [first, ...then] = sessionReads.first;
    const user = await inTime(first);
    if (user === null) return '';
    const search = Object.fromEntries(page.url.searchParams);
    const webgisNamed = Boolean(
      (JSON.parse(user.text) as { webgis_url?: unknown } | null)?.webgis_url,
    );
    const rest = await Promise.all(
      [
        ...then,
        ...pageReads(page.address, search),
        ...(webgisNamed ? [sessionReads.webgis] : []),
      ].map(inTime),
    );
    const answered = [user, ...rest.filter((item) => item !== null)];
    return `<script type="application/json" id="${ANSWERED_READS_ID}">${scriptSafe(answered.map(asJson).join(','))}</script>`;
  } finally {
    clearTimeout(timer);
    if (unanswered > 0)
      logger.info('a page went without its slow reads', { address: page.address, unanswered });
  }
}

/** A read and its answer's JSON text. */
interface Answered {
  item: PageRead;
  text: string;
}

const isJson = (answer: Response) =>
  /^application\/json\b/i.test(answer.headers.get('content-type') ?? '');

/** An `AnsweredRead` as JSON, its answer the API's own text. */
const asJson = ({ item: { path, query }, text }: Answered) =>
  `${JSON.stringify({ path, query }).slice(0, -1)},"answer":${text}}`;

/**
 * The reads as a JSON array that cannot end its script element or open a comment in it:
 * every `<` escaped (JSON has `<` only inside strings, where the escape reads the same).
 */
const scriptSafe = (items: string) => `[${items}]`.replace(/</g, '\\u003c');
