import { planIds } from './profile.ts';
import { attemptStatuses } from './subscription-query.ts';

/**
 * The reads a page makes as it starts, shared by the SPA, which warms them beside the
 * session's call (`warmReads` in src/api/client.ts), and the server, which answers them
 * inside a signed-in page's HTML (server/page-reads.ts). A path the call spells
 * otherwise is fetched again.
 */
export const readPaths = {
  profile: 'v1/profile/',
  teams: 'v1/teams/',
  webgis: 'v1/webgis/my/',
  countries: 'v1/countries/',
  socialAccounts: 'v1/profile/social/',
  sessions: 'v1/sessions/',
  securityEvents: 'v1/security/events/',
  subscription: 'subscription/',
  autopayment: 'autopayment/',
  prices: 'v1/subscription/prices/',
  payments: 'v1/payments/',
  card: 'v1/card/',
  convertion: 'subscription/convertion/',
  inAdvance: 'subscription/in_advance/',
  releases: 'v1/releases',
  bindings: 'v1/onpremise/bindings/',
  team: 'v1/team/',
  invitations: 'v1/team/invitations/',
} as const;

/** The software page's read: the latest stable release of every product. */
export const latestReleases = { tag: 'latest', option: 'type:stable' } as const;

/** The subscription page's payment history: its first page. */
export const firstPaymentsPage = { page: '1' } as const;

/** The id of the page's element carrying the reads the server answered, as JSON. */
export const ANSWERED_READS_ID = 'portal-reads';

/** A GET under /api/ and its query. */
export interface PageRead {
  path: string;
  query?: Record<string, string>;
  /**
   * Answered inside the page by the server, never asked for ahead by the browser: the
   * page asks for it itself only where another read says there is one.
   */
  onlyInPage?: true;
}

/** A read the server answered inside a page's HTML: the API's own answer of 200. */
export interface AnsweredRead extends PageRead {
  answer: unknown;
}

/**
 * What the session reads on every page of a signed-in user: the user, then their teams
 * (section 4: the team-plan flag), and their web GIS where the profile names one.
 */
export const sessionReads = {
  first: [{ path: readPaths.profile }, { path: readPaths.teams }],
  webgis: { path: readPaths.webgis },
} as const satisfies { first: readonly PageRead[]; webgis: PageRead };

const periods: Record<string, 'monthly' | 'yearly'> = {
  monthly: 'monthly',
  yearly: 'yearly',
  annually: 'yearly',
};

/** The interval a period in the checkout's address names ('annually' is yearly), or none. */
export const intervalOfPeriod = (period: unknown): 'monthly' | 'yearly' | undefined =>
  typeof period === 'string' && Object.hasOwn(periods, period) ? periods[period] : undefined;

const ownTeamReads = [{ path: readPaths.team }, { path: readPaths.invitations }];

/** The account pages' own first reads, by the address after the locale. */
const ownReads: Record<string, (search: Record<string, unknown>) => PageRead[]> = {
  '/profile': () => [{ path: readPaths.countries }, { path: readPaths.socialAccounts }],
  '/security': () => [{ path: readPaths.sessions }, { path: readPaths.securityEvents }],
  '/software': () => [{ path: readPaths.releases, query: { ...latestReleases } }],
  '/myngidonpremises': () => [{ path: readPaths.subscription }, { path: readPaths.bindings }],
  // The own team's tab, where /teammanage leads; the member tab's teams are the session's.
  '/teammanage': () => ownTeamReads,
  '/teammanage/owner': () => ownTeamReads,
  // The subscription, the plans, the autopayment, the payment history's first page and
  // the saved card; none when the provider sent the user back with a payment attempt:
  // the page asks for them once its outcome is known. The autopayment only in the page: a
  // free plan has none, and the page asks for it only where the subscription says there
  // is one to tell (its 404 would be a call for nothing).
  '/subscription': (search) =>
    attemptStatuses.some((status) => status === search['payment-attempt-status'])
      ? []
      : [
          { path: readPaths.subscription },
          { path: readPaths.prices },
          { path: readPaths.autopayment, onlyInPage: true },
          { path: readPaths.payments, query: { ...firstPaymentsPage } },
          { path: readPaths.card },
        ],
  // The subscription and the plans; with a paid plan and period preselected, also what
  // the checkout reads.
  '/subscription/update': ({ plan, period }) => {
    const base = [{ path: readPaths.subscription }, { path: readPaths.prices }];
    const paid = typeof plan === 'string' && plan !== 'free' && planIds.some((id) => id === plan);
    const interval = intervalOfPeriod(period);
    if (!paid || interval === undefined) return base;
    const query = { plan, interval };
    return [
      ...base,
      { path: readPaths.convertion, query },
      { path: readPaths.inAdvance, query },
      { path: readPaths.countries },
    ];
  },
};

/** The first reads of the page at this address after the locale (none for most pages). */
export function pageReads(page: string, search: Record<string, unknown>): PageRead[] {
  return Object.hasOwn(ownReads, page) ? (ownReads[page]?.(search) ?? []) : [];
}
