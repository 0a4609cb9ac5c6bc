import { Hono } from 'hono';
import { ConfirmForm, DetailsForm, SignupForm } from '../../../contract/identity.ts';
import { pageLocaleOf, requestLocale } from '../../http/locale.ts';
import {
  completeSignup,
  confirmSignup,
  pendingSignupState,
  resendSignupCode,
  startSignup,
} from '../signup.ts';
import { browserOf } from './browser.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';

/** Mounted at /api/auth/signup/ */
export function signupRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(SignupForm, body);
    return c.json(await startSignup(deps, browserOf(c, deps), form, requestLocale(c, body)));
  });

  router.get('/', async (c) => c.json(await pendingSignupState(deps, browserOf(c, deps))));

  router.post('/confirm/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(ConfirmForm, body);
    return c.json(await confirmSignup(deps, browserOf(c, deps), form, pageLocaleOf(c, body)));
  });

  router.post('/resend/', async (c) =>
    c.json(await resendSignupCode(deps, browserOf(c, deps), pageLocaleOf(c))),
  );

  router.post('/details/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(DetailsForm, body);
    return c.json(await completeSignup(deps, browserOf(c, deps), form, pageLocaleOf(c, body)));
  });

  return router;
}
