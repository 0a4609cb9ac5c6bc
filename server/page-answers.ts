import { readPaths } from '../contract/page-reads.ts';
import type { Context } from 'hono';
import { autopaymentRead } from './billing/routes/autopayment.ts';
import { cardRead } from './billing/routes/card.ts';
import { paymentsRead } from './billing/routes/payments.ts';
import { priceList } from './billing/routes/prices.ts';
import { convertionRead, inAdvanceRead, subscriptionRead } from './billing/routes/subscription.ts';
import type { User } from './db/schema.ts';
import type { AppDeps } from './deps.ts';
import { Refused } from './errors.ts';
import { countryList } from './geo/countries.ts';
import type { AppEnv } from './http/context.ts';
import type { PageReader } from './page-reads.ts';
import { securityEventsRead } from './identity/routes/security.ts';
import { sessionsRead } from './identity/routes/sessions.ts';
import type { Read, ReadCall } from './identity/routes/reads.ts';
import { sessionUser } from './identity/routes/session.ts';
import { bindingsRead } from './onpremise/routes.ts';
import { profileRead } from './profile/routes/profile.ts';
import { socialAccountsRead } from './profile/routes/social.ts';
import { releaseList } from './software/routes.ts';
import { invitationsRead, teamRead, teamsRead } from './teams/routes/teams.ts';
import { webgisRead } from './webgis/routes/webgis.ts';

/** A read's JSON text for a user, answered by the function its route answers with. */
type DirectAnswer = (deps: AppDeps, call: ReadCall) => Promise<string>;

/** A read a page may carry. */
type ReadPath = (typeof readPaths)[keyof typeof readPaths];

const json =
  (read: Read): DirectAnswer =>
  async (deps, call) =>
    JSON.stringify(await read(deps, call));

/**
 * Every read a page carries, answered by the function its route answers with (server/
 * identity/routes/reads.ts): no request through the app, no answer object, one session lookup for
 * them all.
 */
const directAnswers: Record<ReadPath, DirectAnswer> = {
  [readPaths.profile]: json(profileRead),
  [readPaths.teams]: json(teamsRead),
  [readPaths.webgis]: json(webgisRead),
  [readPaths.countries]: async (deps) => (await countryList(deps)).body,
  [readPaths.socialAccounts]: json(socialAccountsRead),
  [readPaths.securityEvents]: json(securityEventsRead),
  [readPaths.subscription]: json(subscriptionRead),
  [readPaths.autopayment]: json(autopaymentRead),
  [readPaths.prices]: async (deps, call) =>
    (await priceList(deps, call.request, call.user, call.query)).body,
  [readPaths.payments]: json(paymentsRead),
  [readPaths.card]: json(cardRead),
  [readPaths.convertion]: json(convertionRead),
  [readPaths.inAdvance]: json(inAdvanceRead),
  [readPaths.bindings]: json(bindingsRead),
  [readPaths.team]: json(teamRead),
  [readPaths.invitations]: json(invitationsRead),
  [readPaths.sessions]: json(sessionsRead),
  [readPaths.releases]: async (deps, { user, query }) => {
    const option = query['option'];
    const answer = await releaseList(deps, user, {
      tag: query['tag'],
      option: option === undefined ? undefined : [option],
    });
    return Array.isArray(answer) ? JSON.stringify(answer) : answer.body;
  },
};

/**
 * The page's reader (server/page-reads.ts puts its answers in the page): the session
 * looked up once, each read answered as its route does. */
export function pageReader(deps: AppDeps, page: Context<AppEnv>): PageReader<User> {
  return {
    user: () => sessionUser(page, deps),
    async answer(item, user) {
      if (!Object.hasOwn(directAnswers, item.path)) throw new Error(`no answer for ${item.path}`);
      try {
        return await directAnswers[item.path as ReadPath](deps, {
          user,
          query: { ...item.query },
          request: page,
        });
      } catch (error) {
        // A refusal (the autopayment or web GIS there is none of) is the API's answer
        // other than 200: the page asks for it itself, as without the element.
        if (error instanceof Refused) return null;
        throw error;
      }
    },
  };
}
