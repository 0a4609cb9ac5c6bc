// @vitest-environment node
// Identity and billing refuse only what their refusals.ts declares (docs/decisions/0028).
// Three guards, each checked here: the constructor's type (the `@ts-expect-error` lines
// fail `npm run typecheck` once a wrong call compiles), the constructor at run time, and
// the lint rule that keeps the shared builders and plain Errors out of the domains' files.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { billingRefused, type BillingRefusal } from '../../server/billing/refusals.ts';
import { DETAILS, Refused } from '../../server/errors.ts';
import { identityRefused, type IdentityRefusal } from '../../server/identity/refusals.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('a declared refusal', () => {
  const invalidAt = (code: string, detail: string, pointer: string) => ({
    kind: 'invalid',
    errors: [{ code, detail, source: { pointer } }],
  });
  it.each([
    [
      'without a field answers its code and words',
      identityRefused('wrong_token'),
      { kind: 'invalid', code: 'wrong_token', detail: DETAILS.wrong_token },
    ],
    [
      'of billing, likewise',
      billingRefused('checkout_in_progress'),
      { kind: 'conflict', code: 'checkout_in_progress', detail: DETAILS.checkout_in_progress },
    ],
    [
      'stands at its one field',
      identityRefused('common_password'),
      invalidAt('common_password', DETAILS.common_password, 'password'),
    ],
    [
      'stands at the field the throw site chooses',
      identityRefused('wrong_credentials', { at: 'current_password' }),
      invalidAt('wrong_credentials', DETAILS.wrong_credentials, 'current_password'),
    ],
    [
      'answers the code it names when its tag is another',
      billingRefused('autopayment_not_found'),
      { kind: 'not_found', code: 'no_autopayment', detail: DETAILS.no_autopayment },
    ],
    [
      'answers the code it names, at its field',
      identityRefused('address_taken', { at: 'email' }),
      invalidAt('user_already_exists', DETAILS.user_already_exists, 'email'),
    ],
    [
      'carries the seconds to wait',
      identityRefused('too_many_requests', { retryAfter: 42 }),
      {
        kind: 'throttled',
        code: 'too_many_requests',
        detail: DETAILS.too_many_requests,
        retryAfter: 42,
      },
    ],
    [
      'carries the words of the throw site',
      billingRefused('coupon_refused', { detail: 'err_expired_count' }),
      invalidAt('invalid_input', 'err_expired_count', 'coupon'),
    ],
  ])('%s', (_, refused, expected) => {
    expect(refused).toBeInstanceOf(Refused);
    expect(refused.refusal).toEqual(expected);
  });
});

describe('a refusal its domain does not declare', () => {
  it('fails the type check, and throws at run time should a cast let it through', () => {
    // @ts-expect-error a typo of wrong_token
    expect(() => identityRefused('wrong_tokn')).toThrow(TypeError);
    // @ts-expect-error billing's, not identity's
    expect(() => identityRefused('checkout_in_progress')).toThrow(TypeError);
    // @ts-expect-error identity's, not billing's
    expect(() => billingRefused('passkey_failed')).toThrow(TypeError);
    // @ts-expect-error a section-8 code neither domain declares
    expect(() => billingRefused('csrf_failed')).toThrow(TypeError);
    // @ts-expect-error a field the refusal does not stand at
    expect(() => identityRefused('wrong_credentials', { at: 'email' })).toThrow(TypeError);
  });

  it('must say what the declaration asks for, and nothing else', () => {
    // @ts-expect-error which field
    expect(() => identityRefused('wrong_credentials')).toThrow(TypeError);
    // @ts-expect-error how long to wait
    expect(() => identityRefused('resend_too_early')).toThrow(TypeError);
    // @ts-expect-error the words
    expect(() => billingRefused('invalid_option', { at: 'options' })).toThrow(TypeError);
    // @ts-expect-error nothing to add to a plain refusal
    expect(() => identityRefused('wrong_token', { at: 'code' })).toThrow(TypeError);
    // @ts-expect-error its one field is not the throw site's to choose
    expect(() => identityRefused('common_password', { at: 'email' })).toThrow(TypeError);
  });

  it('is not a member of the domain union', () => {
    const identity: IdentityRefusal[] = [
      { tag: 'wrong_token' },
      { tag: 'wrong_credentials', at: 'password' },
      { tag: 'too_many_requests', retryAfter: 1 },
      // @ts-expect-error billing's tag
      { tag: 'plan_unavailable' },
    ];
    const billing: BillingRefusal[] = [
      { tag: 'coupon_refused', detail: 'plan_change' },
      // @ts-expect-error identity's tag
      { tag: 'passkey_failed' },
    ];
    expect([identity.length, billing.length]).toEqual([4, 2]);
  });
});

describe('the lint rule of identity and billing', () => {
  const eslint = new ESLint({ cwd: root });
  const messages = async (path: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
    return (result?.messages ?? []).map((message) => message.message);
  };

  it.each([
    [
      'server/identity/example.ts',
      "import { refused } from '../errors.ts';\nrefused('wrong_token');\n",
    ],
    [
      'server/billing/routes/example.ts',
      "import { notFound } from '../../errors.ts';\nnotFound();\n",
    ],
    [
      'server/identity/example.ts',
      "import { Refused } from '../errors.ts';\nthrow new Refused({ kind: 'invalid', code: 'wrong_token', detail: '' });\n",
    ],
    ['server/billing/example.ts', "throw new Error('no autopayment');\n"],
  ])(
    'refuses a refusal not of the domain in %s',
    async (path, text) => {
      const found = await messages(path, text);
      expect(found.some((message) => message.includes('refusals.ts'))).toBe(true);
    },
    30_000,
  );

  it('passes a declared refusal, and a plain Error of an adapter', async () => {
    const declared =
      "import { identityRefused } from './refusals.ts';\nthrow identityRefused('wrong_token');\n";
    expect(await messages('server/identity/example.ts', declared)).toEqual([]);
    expect(
      await messages('server/billing/providers/example.ts', "throw new Error('provider: 500');\n"),
    ).toEqual([]);
  }, 30_000);
});
