import { createHash, randomBytes } from 'node:crypto';
import type { SocialProvider } from '../../../contract/identity.ts';

/** What a provider tells about the person after the code exchange. */
export type Identity = {
  subject: string;
  email: string | null;
  email_verified: boolean;
  first_name: string;
  last_name: string;
  /** The address of the person's picture (OpenID's `picture` claim), or null. */
  picture_url: string | null;
};

/** The verifier stays with the server; the provider's page gets its challenge (PKCE). */
export type AuthorizeRequest = { state: string; codeVerifier: string; redirectUri: string };
export type ExchangeRequest = {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  /** Ends every request of the exchange (the caller's one deadline for all of them). */
  signal?: AbortSignal;
};

/** One OAuth 2.0 identity provider (authorization code with PKCE S256). */
export type Provider = {
  id: SocialProvider;
  authorizeUrl(request: AuthorizeRequest): string;
  /** Throws on any failure; the caller turns it into a redirect with an error. */
  exchangeCode(request: ExchangeRequest): Promise<Identity>;
};

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  yandex: 'Yandex',
  google: 'Google',
  github: 'GitHub',
};

/** RFC 7636: 32 random bytes as the verifier, its SHA-256 as the challenge. */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
