import {
  ANSWERED_READS_ID,
  pageReads,
  sessionReads,
  type PageRead,
} from '../contract/page-reads.ts';
import type { Logger } from './logger.ts';

/** How a page's reads are answered: the user its cookie names, then each read for them. */
export interface PageReader<User> {
  /** The user the page's session cookie names, while that session lives; else null. */
  user(): Promise<User | null>;
  /** The read's JSON text as the API answers it with 200; null where the API does not. */
  answer(item: PageRead, user: User): Promise<string | null>;
}

/**
 * The first reads of a signed-in user's page, answered inside its HTML as a JSON element
 * the SPA takes before its first call (`primeReads` in src/api/client.ts), so the page
 * draws without a round trip after its main script (decision 0009).
 *
 * Each read is the API's own answer to the page's cookies, with its access checks: the
 * session first, and nothing more when it names no one (no session, or a dead one), so
 * a forged cookie costs one lookup. Then the user, the teams, the page's own reads
 * (contract/page-reads.ts), and the web GIS where the profile names one. Only answers of
 * 200 are carried; the SPA asks for any other itself and hears the refusal as it always
 * does. A read that fails, or is not answered within `budgetMs` (PAGE_READS_BUDGET_MS),
 * leaves the page as it would be without it: a slow read never holds the page back.
 */
export async function answeredReadsElement<User>(
  reader: PageReader<User>,
  page: { url: URL; address: string },
  logger: Logger,
  budgetMs: number,
): Promise<string> {
  // The page waits for its reads this long at most; what is not answered by then is left
  // to the SPA, which asks for it as it would without the element.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, budgetMs, null);
  });
  let unanswered = 0;
  const inTime = async <T>(read: string, work: () => Promise<T | null>): Promise<T | null> => {
    let answered = false;
    const settled = work().then(
      (result) => {
        answered = true;
        return result;
      },
      (error: unknown) => {
        answered = true;
        logger.warn('a page was served without one of its reads', {
          address: page.address,
          read,
          error,
        });
        return null;
      },
    );
    const result = await Promise.race([settled, late]);
    if (!answered) unanswered += 1;
    return result;
  };
  // The answer's JSON text is carried as it came: parsed only where the page needs a
  // fact of it (the user's web GIS), never parsed and written again.
  const read = (user: User) => (item: PageRead) =>
    inTime(item.path, async () => {
      const text = await reader.answer(item, user);
      return text === null ? null : { item, text };
    });
  try {
    const user = await inTime('session', () => reader.user());
    if (user === null) return '';
    const [first, ...then] = sessionReads.first;
    const profile = await read(user)(first);
    if (profile === null) return '';
    const search = Object.fromEntries(page.url.searchParams);
    const webgisNamed = Boolean(
      (JSON.parse(profile.text) as { webgis_url?: unknown } | null)?.webgis_url,
    );
    const rest = await Promise.all(
      [
        ...then,
        ...pageReads(page.address, search),
        ...(webgisNamed ? [sessionReads.webgis] : []),
      ].map(read(user)),
    );
    const answered = [profile, ...rest.filter((item) => item !== null)];
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

/** An `AnsweredRead` as JSON, its answer the API's own text. */
const asJson = ({ item: { path, query }, text }: Answered) =>
  `${JSON.stringify({ path, query }).slice(0, -1)},"answer":${text}}`;

/**
 * The reads as a JSON array that cannot end its script element or open a comment in it:
 * every `<` escaped (JSON has `<` only inside strings, where the escape reads the same).
 */
const scriptSafe = (items: string) => `[${items}]`.replace(/</g, '\\u003c');
