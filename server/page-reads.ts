import {
  ANSWERED_READS_ID,
  pageReads,
  type AnsweredRead,
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
 * A read that fails leaves the page as it would be without it.
 */
export async function answeredReadsElement(
  answerInProcess: AnswerInProcess,
  page: { url: URL; headers: Headers; address: string },
  logger: Logger,
): Promise<string> {
  const headers = new Headers();
  for (const name of CARRIED) {
    const value = page.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const read = async (item: PageRead): Promise<AnsweredRead | null> => {
    const query = item.query ? `?${new URLSearchParams(item.query)}` : '';
    const url = new URL(`/api/${item.path}${query}`, page.url.origin);
    const answer = await answerInProcess(new Request(url, { headers }));
    if (answer.status !== 200) return null;
    return { ...item, answer: await answer.json() };
  };
  try {
    const [first, ...then] = sessionReads.first;
    const user = await read(first);
    if (user === null) return '';
    const search = Object.fromEntries(page.url.searchParams);
    const webgisNamed = Boolean((user.answer as { webgis_url?: unknown }).webgis_url);
    const rest = await Promise.all(
      [
        ...then,
        ...pageReads(page.address, search),
        ...(webgisNamed ? [sessionReads.webgis] : []),
      ].map(read),
    );
    const answered = [user, ...rest.filter((item) => item !== null)];
    return `<script type="application/json" id="${ANSWERED_READS_ID}">${scriptSafe(answered)}</script>`;
  } catch (error) {
    logger.warn('a page was served without its reads', { address: page.address, error });
    return '';
  }
}

/** JSON that cannot end its script element or open a comment in it: every `<` escaped. */
const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
