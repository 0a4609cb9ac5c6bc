import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { SocialProvider } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { codeChallenge, type Provider } from './provider.ts';

/*
 * The built-in sandbox identity provider: its authorization codes are signed,
 * short-lived and bound to the PKCE challenge and redirect URI, so the exchange
 * fails exactly where a real provider's would.
 */

export const SANDBOX_CODE_TTL_MS = 60_000;

const Grant = v.object({
  p: v.string(),
  e: v.string(),
  f: v.string(),
  l: v.string(),
  c: v.string(),
  r: v.string(),
  x: v.number(),
});
type Grant = v.InferOutput<typeof Grant>;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`sandbox-idp:${payload}`).digest('base64url');
}

export function sandboxCode(deps: AppDeps, grant: Omit<Grant, 'x'>): string {
  const x = deps.clock.now().getTime() + SANDBOX_CODE_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ ...grant, x })).toString('base64url');
  return `${payload}.${sign(deps.config.sessionSecret, payload)}`;
}

function readCode(deps: AppDeps, code: string): Grant {
  const [payload = '', signature = ''] = code.split('.');
  const expected = Buffer.from(sign(deps.config.sessionSecret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new Error('sandbox: invalid_grant (signature)');
  }
  const grant = v.parse(Grant, JSON.parse(Buffer.from(payload, 'base64url').toString()));
  if (grant.x <= deps.clock.now().getTime()) throw new Error('sandbox: invalid_grant (expired)');
  return grant;
}

/** The sandbox's picture of a person: an SVG this server draws (server/identity/routes/sandbox-idp.ts). */
export function sandboxPictureUrl(deps: AppDeps, id: SocialProvider, email: string): string {
  const seed = createHash('sha256').update(`${id}:${email}`).digest('hex').slice(0, 16);
  return `${deps.config.publicUrl}/sandbox/idp/${id}/picture/${seed}.svg`;
}

export function sandboxProvider(deps: AppDeps, id: SocialProvider): Provider {
  return {
    id,
    authorizeUrl: ({ state, codeVerifier, redirectUri }) => {
      const challenge = codeChallenge(codeVerifier);
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'sandbox',
        redirect_uri: redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return `${deps.config.publicUrl}/sandbox/idp/${id}/authorize?${query.toString()}`;
    },
    exchangeCode: async ({ code, codeVerifier, redirectUri }) => {
      const grant = readCode(deps, code);
      if (grant.p !== id) throw new Error('sandbox: invalid_grant (provider)');
      if (grant.r !== redirectUri) throw new Error('sandbox: invalid_grant (redirect_uri)');
      if (codeChallenge(codeVerifier) !== grant.c) {
        throw new Error('sandbox: invalid_grant (code_verifier)');
      }
      return {
        subject: `sandbox-${grant.e.toLowerCase()}`,
        email: grant.e.toLowerCase(),
        email_verified: true,
        first_name: grant.f,
        last_name: grant.l,
        picture_url: sandboxPictureUrl(deps, id, grant.e.toLowerCase()),
      };
    },
  };
}
