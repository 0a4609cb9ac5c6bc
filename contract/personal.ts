/**
 * What leaves the process (log lines, error reports) carries no personal data: no e-mail
 * address, name, phone, cookie, token, code, password or request body. Fields under such
 * names are dropped whatever they hold; in every other text, addresses, codes, long
 * tokens and the values of secret-bearing query parameters are masked.
 */
const PERSONAL_KEYS = new Set([
  'email',
  'mail',
  'to',
  'from',
  'replyto',
  'login',
  'username',
  'user',
  'name',
  'firstname',
  'lastname',
  'fullname',
  'phone',
  'company',
  'address',
  'ip',
  'ipaddress',
  'cookie',
  'cookies',
  'setcookie',
  'authorization',
  'token',
  'csrftoken',
  'xcsrftoken',
  'accesstoken',
  'refreshtoken',
  'code',
  'password',
  'secret',
  'session',
  'sessionid',
  'body',
  'data',
  'form',
  'text',
  'html',
  'subject',
]);

export const REMOVED = '[removed]';

const normalize = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether a field of this name is dropped (its value never shown). */
export const isPersonalKey = (key: string): boolean => PERSONAL_KEYS.has(normalize(key));

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;
// A mailed code is six digits; a link's secret, a session or a nonce a run of 32 or more
// letters (32 random bytes in base64url are 43), a signed link's two runs with a dot.
// A UUID (a row's, a job's, a request's) is no secret and stays.
const CODE = /\b\d{6}\b/g;
const TOKEN = /[A-Za-z0-9_-][A-Za-z0-9_.-]{30,}[A-Za-z0-9_-]/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_PARAMETER = /([?&;](?:token|code|state|key|sig|signature|t|expires)=)[^&#\s]*/gi;

/** A text with its addresses, codes, tokens and secret query values masked. */
export function stripText(text: string): string {
  return text
    .replace(SECRET_PARAMETER, `$1${REMOVED}`)
    .replace(EMAIL, '[email]')
    .replace(TOKEN, (run) => (UUID.test(run) ? run : '[token]'))
    .replace(CODE, '[code]');
}

const MAX_DEPTH = 6;

/** A copy of `value` safe to send out: see above. Errors become { name, message, stack }. */
export function stripPersonal(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' || typeof value === 'symbol' ? String(value) : value;
  }
  if (depth >= MAX_DEPTH) return '[deep]';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) {
    const { cause, code } = value as Error & { code?: unknown };
    return {
      name: value.name,
      message: stripText(value.message),
      ...(value.stack ? { stack: stripText(value.stack) } : {}),
      ...(typeof code === 'string' ? { error_code: code } : {}),
      ...(cause === undefined ? {} : { cause: stripPersonal(cause, depth + 1) }),
    };
  }
  if (Array.isArray(value)) return value.map((item) => stripPersonal(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isPersonalKey(key) ? REMOVED : stripPersonal(item, depth + 1);
  }
  return out;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An address without its query and fragment, and with its tokens masked. */
const stripUrl = (url: unknown): unknown =>
  typeof url === 'string' ? stripText(url.replace(/[?#].*$/s, '')) : undefined;

/**
 * An error report (a Sentry event, server or browser) as it may leave: no user, no
 * cookie, header, query or body of the request, and every message, breadcrumb and extra
 * stripped as the logs are. Used as the SDKs' `beforeSend` and `beforeSendTransaction`.
 */
export function scrubEvent<E extends object>(event: E): E {
  const out: Json = { ...(event as Json) };
  delete out.user;
  delete out.server_name;
  if (isObject(out.request)) {
    const { method, url } = out.request;
    out.request = { ...(typeof method === 'string' ? { method } : {}), url: stripUrl(url) };
  }
  if (typeof out.message === 'string') out.message = stripText(out.message);
  if (typeof out.transaction === 'string') out.transaction = stripText(out.transaction);
  if (isObject(out.exception) && Array.isArray(out.exception.values)) {
    out.exception = {
      ...out.exception,
      values: out.exception.values.map((value: unknown) => {
        if (!isObject(value)) return value;
        const stacktrace = isObject(value.stacktrace)
          ? {
              ...value.stacktrace,
              frames: Array.isArray(value.stacktrace.frames)
                ? value.stacktrace.frames.map((frame: unknown) => {
                    if (!isObject(frame)) return frame;
                    const { vars: _vars, ...rest } = frame;
                    return rest;
                  })
                : value.stacktrace.frames,
            }
          : value.stacktrace;
        return {
          ...value,
          ...(typeof value.value === 'string' ? { value: stripText(value.value) } : {}),
          ...(stacktrace === undefined ? {} : { stacktrace }),
        };
      }),
    };
  }
  if (Array.isArray(out.breadcrumbs)) {
    out.breadcrumbs = out.breadcrumbs.map((crumb: unknown) => {
      if (!isObject(crumb)) return crumb;
      const { data, message, ...rest } = crumb;
      return {
        ...rest,
        ...(typeof message === 'string' ? { message: stripText(message) } : {}),
        ...(isObject(data)
          ? { data: stripPersonal({ ...data, ...(data.url ? { url: stripUrl(data.url) } : {}) }) }
          : {}),
      };
    });
  }
  for (const key of ['extra', 'tags', 'contexts']) {
    if (isObject(out[key])) out[key] = stripPersonal(out[key]);
  }
  if (Array.isArray(out.spans)) {
    out.spans = out.spans.map((span: unknown) =>
      isObject(span)
        ? {
            ...span,
            ...(typeof span.description === 'string'
              ? { description: stripText(span.description.replace(/[?#].*$/s, '')) }
              : {}),
            ...(isObject(span.data) ? { data: stripPersonal(span.data) } : {}),
          }
        : span,
    );
  }
  return out as E;
}

/**
 * What both SDKs (@sentry/node, @sentry/react) are started with: every trace sampled
 * (spec 8.4), no user, cookie, header, query or body collected, and `scrubEvent` over
 * whatever is sent.
 */
export function sentryOptions(where: { dsn: string; release: string; environment: string }) {
  return {
    ...where,
    tracesSampleRate: 1.0,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [] as never[],
      urlQueryParams: false,
    },
    beforeSend: <E extends object>(event: E): E => scrubEvent(event),
    beforeSendTransaction: <E extends object>(event: E): E => scrubEvent(event),
  };
}
