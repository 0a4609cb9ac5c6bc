import type { Context, Handler } from 'hono';
import type { User } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from './session.ts';
import type { AppEnv } from '../../http/context.ts';

/**
 * A signed-in user's GET: who asks, its query, and the request it comes with (the
 * language and country a read may go by).
 */
export interface ReadCall {
  user: User;
  query: Record<string, string>;
  request: Context<AppEnv>;
}

/**
 * A read of the API that a signed-in page also carries: one function answers it from the
 * network (`readRoute`) and inside the page's HTML (server/page-answers.ts), so the two
 * answers cannot differ. It throws the API's refusal where it has no answer of 200.
 */
export type Read = (deps: AppDeps, call: ReadCall) => Promise<unknown>;

/** A read's route: the signed-in user's answer as its JSON body. */
export const readRoute =
  (deps: AppDeps, read: Read): Handler<AppEnv> =>
  async (c) =>
    c.json(await read(deps, { user: requireUser(c), query: c.req.query(), request: c }));
