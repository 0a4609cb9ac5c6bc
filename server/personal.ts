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
