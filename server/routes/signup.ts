import { Hono } from 'hono';
import { ConfirmForm, DetailsForm, SignupForm } from '../../contract/identity.ts';
import { pageLocaleOf, requestLocale } from '../identity/accounts.ts';
import {
  completeSignup,
  confirmSignup,
  pendingSignupState,
  resendSignupCode,
  startSignup,
} from '../identity/signup.ts';
import { readBody } from '../http/body.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../http/validate.ts';

/** Mounted at /api/auth/signup/ */
export function signupRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(SignupForm, body);
    return c.json(await startSignup(deps, c, form, requestLocale(c, body)));
  });

  router.get('/', async (c) => c.json(await pendingSignupState(deps, c)));

  router.post('/confirm/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(ConfirmForm, body);
    return c.json(await confirmSignup(deps, c, form, pageLocaleOf(c, body)));
  });

  router.post('/resend/', async (c) => c.json(await resendSignupCode(deps, c, pageLocaleOf(c))));

  router.post('/details/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(DetailsForm, body);
    return c.json(await completeSignup(deps, c, form, pageLocaleOf(c, body)));
  });

  return router;
}
