import { describe, expect, it } from 'vitest';
import { sessionMayExist } from '../../src/api/client.ts';

describe('the session hint the page reads', () => {
  it('says a session may exist only when the server left signedin=1', () => {
    expect(sessionMayExist('')).toBe(false);
    expect(sessionMayExist('csrftoken=abc')).toBe(false);
    expect(sessionMayExist('signedin=1')).toBe(true);
    expect(sessionMayExist('csrftoken=abc; signedin=1')).toBe(true);
    expect(sessionMayExist('__Host-csrftoken=abc; __Host-signedin=1')).toBe(true);
    // A session cookie that names no session: the page stops asking.
    expect(sessionMayExist('signedin=0; csrftoken=abc')).toBe(false);
    expect(sessionMayExist('notsignedin=1')).toBe(false);
    expect(sessionMayExist('signedin=10')).toBe(false);
  });
});
