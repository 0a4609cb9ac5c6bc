import { Hono } from 'hono';
import * as v from 'valibot';
import { LABEL_MAX } from '../../contract/onpremise.ts';
import { requireUser } from '../identity/routes/session.ts';
import { readBody } from '../http/body.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../http/validate.ts';
import { readRoute, type Read } from '../identity/routes/reads.ts';
import {
  bindIdentifier,
  BindRefused,
  listBindings,
  unbindIdentifier,
  type BindRefusal,
} from './bindings.ts';
import { Refused, type RefusalKind, notFound } from '../errors.ts';

/**
 * The body's shape; the identifier's format is the command's, so that its refusal
 * carries its own code (`identifier`) at the field.
 */
export const BindBody = v.object({
  identifier: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(200)),
  label: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LABEL_MAX)), ''),
});

/** Words for API users; the SPA shows its own per code. */
const REFUSALS: Record<BindRefusal, { kind: RefusalKind; detail: string }> = {
  identifier: {
    kind: 'invalid',
    detail: 'Enter the identifier as setup prints it: eight groups of four letters or digits',
  },
  identifier_taken: { kind: 'conflict', detail: 'This identifier is already bound to an account' },
  binding_limit: {
    kind: 'conflict',
    detail: 'The account has as many bound identifiers as it may',
  },
  premium_required: { kind: 'forbidden', detail: 'On-premise binding needs the Premium plan' },
};

/** A refusal in the section-8 list shape, at the identifier (premium at the empty pointer). */
function refusalError(refusal: BindRefusal): Refused {
  const { kind, detail } = REFUSALS[refusal];
  const pointer = refusal === 'premium_required' ? '' : 'identifier';
  return new Refused({
    kind,
    errors: [{ code: refusal, detail, source: { pointer } }],
  });
}

/** A binding's id in the path: a positive whole number, or nothing of anyone's. */
function bindingId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/** GET /api/v1/onpremise/bindings/: the user's on-premise bindings. */
export const bindingsRead: Read = (deps, { user }) => listBindings(deps, user);

/** Mounted at /api/v1/onpremise/bindings/ */
export function onpremiseRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', readRoute(deps, bindingsRead));

  router.post('/', async (c) => {
    const user = requireUser(c);
    const request = parseInput(BindBody, await readBody(c, 'json'));
    try {
      return c.json(await bindIdentifier(deps, user, request), 201);
    } catch (error) {
      if (error instanceof BindRefused) throw refusalError(error.refusal);
      throw error;
    }
  });

  router.delete('/:id/', async (c) => {
    const user = requireUser(c);
    const id = bindingId(c.req.param('id'));
    if (id === null || !(await unbindIdentifier(deps, user, id))) {
      throw notFound();
    }
    return c.body(null, 204);
  });

  return router;
}
