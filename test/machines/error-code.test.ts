import { describe, expect, it } from 'vitest';
import { errorCode } from '../../machines/error-code.ts';

// Section 8: a refusal carries the server's code; any other failure is 'system'.
describe('errorCode', () => {
  it("takes a refusal's code", () => {
    expect(errorCode({ code: 'not_found', detail: 'Not found.' })).toBe('not_found');
    expect(errorCode(Object.assign(new Error('refused'), { code: 'reauth_required' }))).toBe(
      'reauth_required',
    );
  });

  it("calls anything without a code in words 'system'", () => {
    for (const error of [
      new Error('offline'),
      {},
      { code: 404 },
      { code: null },
      null,
      undefined,
      'not_found',
      0,
    ]) {
      expect(errorCode(error), String(error)).toBe('system');
    }
  });
});
