import * as v from 'valibot';
import { AuthResult } from '../../contract/auth.ts';
import { IpCountryResponse, type Locale } from '../../contract/countries.ts';
import { PendingSignup, ResetRequested } from '../../contract/identity.ts';
import { call, formBody, http, isAnsweredFetchError } from './client.ts';
import { ApiError, toApiErrors, type ApiErrorItem } from './errors.ts';

/**
 * POST /api/auth/signup/ — step 0; answers where to go next (the e-mail code). The
 * page's locale goes along: the server keeps it for the next steps and the mails.
 */
export function signUp(
  form: { email: string; password: string; next: string; locale: Locale },
  signal?: AbortSignal,
): Promise<AuthResult> {
  return call('auth/signup/', AuthResult, {
    method: 'POST',
    body: formBody({ ...form, agree: 'on' }),
    signal,
    useCase: 'signup',
  });
}

/** GET /api/auth/signup/ — the pending sign-up of this browser. */
export function fetchPendingSignup(signal?: AbortSignal): Promise<PendingSignup> {
  return call('auth/signup/', PendingSignup, { signal, useCase: 'signup_pending' });
}

/** POST /api/auth/signup/confirm/ — the e-mail code. */
export function confirmCode(code: string, signal?: AbortSignal): Promise<AuthResult> {
  return call('auth/signup/confirm/', AuthResult, {
    method: 'POST',
    body: formBody({ code }),
    signal,
    useCase: 'signup_confirm',
  });
}

/** A new code was refused before the cooldown ended; `retryAfter` in seconds. */
export class ResendTooEarlyError extends ApiError {
  readonly retryAfter: number;
  constructor(items: ApiErrorItem[], status: number, retryAfter: number) {
    super(items, status);
    this.name = 'ResendTooEarlyError';
    this.retryAfter = retryAfter;
  }
}

const TooEarlyBody = v.object({
  code: v.literal('resend_too_early'),
  retry_after: v.pipe(v.number(), v.minValue(0)),
});

/**
 * POST /api/auth/signup/resend/ — sends a new code and answers the pending sign-up.
 * Before the cooldown ends the server answers 429 resend_too_early with retry_after.
 */
export function resendCode(signal?: AbortSignal): Promise<PendingSignup> {
  return postForNewCode('auth/signup/resend/', PendingSignup, 'signup_resend', signal);
}

/**
 * A request for a new mailed code (sign-up, e-mail change). Before the cooldown ends
 * the server answers 429 resend_too_early with retry_after, which the section-8 list
 * does not carry, so this call reads the body itself.
 */
export async function postForNewCode<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  useCase: string,
  signal?: AbortSignal,
): Promise<v.InferOutput<TSchema>> {
  let data: unknown;
  try {
    data = await (await http())(path, { method: 'POST', signal });
  } catch (error) {
    if (isAnsweredFetchError(error)) {
      const res = error.response;
      const items = toApiErrors(
        { status: res.status, statusText: res.statusText, url: res.url, body: error.data },
        useCase,
      );
      const early = v.safeParse(TooEarlyBody, error.data);
      if (early.success) throw new ResendTooEarlyError(items, res.status, early.output.retry_after);
      throw new ApiError(items, res.status);
    }
    throw error;
  }
  return v.parse(schema, data);
}

/** POST /api/auth/signup/details/ — step 2; signs in. */
export function submitSignupDetails(
  form: { first_name: string; last_name: string; country: string },
  signal?: AbortSignal,
): Promise<AuthResult> {
  return call('auth/signup/details/', AuthResult, {
    method: 'POST',
    body: formBody(form),
    signal,
    useCase: 'signup_details',
  });
}

/** POST /api/auth/password/reset/ — always the same answer, whoever asks. */
export async function requestPasswordReset(email: string, signal?: AbortSignal): Promise<void> {
  await call('auth/password/reset/', ResetRequested, {
    method: 'POST',
    body: formBody({ email }),
    signal,
    useCase: 'password_reset',
  });
}

/** POST /api/auth/password/set/ — the e-mailed link's form. */
export function setNewPassword(
  form: { token: string; password: string; locale: Locale },
  signal?: AbortSignal,
): Promise<AuthResult> {
  return call('auth/password/set/', AuthResult, {
    method: 'POST',
    body: formBody(form),
    signal,
    useCase: 'password_set',
  });
}

/** POST /api/v1/ip_country/ — the visitor's country by IP address. */
export async function fetchIpCountry(lang: Locale, signal?: AbortSignal): Promise<string> {
  const { code } = await call('v1/ip_country/', IpCountryResponse, {
    method: 'POST',
    body: { lang },
    signal,
    useCase: 'ip_country',
  });
  return code;
}
