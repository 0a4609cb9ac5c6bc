import type { Context } from 'hono';
import type { AppDeps } from '../../deps.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import type { Browser } from '../browser.ts';
import { startSession } from './session.ts';
import { clearSignupCookie, readSignupCookie, writeSignupCookie } from './signup-cookie.ts';

/** The request's browser, for the identity commands: its address and its cookies. */
export function browserOf(c: Context<AppEnv>, deps: AppDeps): Browser {
  return {
    ip: clientIp(c, deps.config),
    pendingSignup: () => readSignupCookie(c, deps),
    keepSignup: (pending) => writeSignupCookie(c, deps, pending),
    forgetSignup: () => clearSignupCookie(c, deps),
    signIn: (userId, method) => startSession(c, deps, userId, method),
  };
}
