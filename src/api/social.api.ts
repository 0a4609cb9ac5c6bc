import * as v from 'valibot';
import { AuthResult } from '../../contract/auth.ts';
import { call, formBody } from './client.ts';

/**
 * A social sign-in new here: agreeing to the terms creates the account and signs in
 * (section 8 errors: token_not_found, wrong_token, token_expired, social_denied, …).
 */
export function acceptSocialConsent(signal?: AbortSignal): Promise<AuthResult> {
  return call('auth/social/consent/', AuthResult, {
    method: 'POST',
    body: formBody({ agree: 'on' }),
    signal,
    useCase: 'social_consent',
  });
}

/** Declined: the server forgets the identity it held. */
export async function declineSocialConsent(signal?: AbortSignal): Promise<void> {
  await call('auth/social/consent/', v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'social_consent',
  });
}
