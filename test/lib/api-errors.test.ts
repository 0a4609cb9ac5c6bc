import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dispatchErrors,
  setGlobalErrorHandler,
  subscribeErrors,
  toApiErrors,
  type ApiErrorItem,
} from '../../src/api/errors.ts';
import { apiHeaders, csrfToken } from '../../src/api/client.ts';
import { PAGE_LOCALE_HEADER } from '../../contract/countries.ts';

const res = { status: 400, statusText: 'Bad Request', url: '/api/auth/login/' };

describe('server data becomes a list of errors (section 8)', () => {
  it('gives each item of an errors list bad_request, status, url and use case', () => {
    const items = toApiErrors(
      { ...res, body: { errors: [{ detail: 'Bad value', source: { pointer: 'login' } }] } },
      'login',
    );
    expect(items).toEqual([
      {
        code: 'bad_request',
        detail: 'Bad value',
        source: { pointer: 'login' },
        status: 400,
        url: '/api/auth/login/',
        useCase: 'login',
      },
    ]);
  });
  it('keeps the code an item names', () => {
    const [item] = toApiErrors(
      {
        ...res,
        body: { errors: [{ code: 'user_absent', detail: 'x', source: { pointer: 'login' } }] },
      },
      'login',
    );
    expect(item?.code).toBe('user_absent');
  });
  it("makes one error of any other body: its code or 'system', detail or description or status text", () => {
    expect(
      toApiErrors({ ...res, body: { code: 'not_found', detail: 'Nothing' } }, 'u')[0],
    ).toMatchObject({
      code: 'not_found',
      detail: 'Nothing',
      source: { pointer: '' },
    });
    expect(toApiErrors({ ...res, body: { description: 'Described' } }, 'u')[0]).toMatchObject({
      code: 'system',
      detail: 'Described',
    });
    expect(toApiErrors({ ...res, body: 'plain text' }, 'u')[0]).toMatchObject({
      code: 'system',
      detail: 'Bad Request',
    });
  });
});

describe('errors go to subscribers by pointer, else to the global handler', () => {
  const item = (pointer: string, useCase = 'login'): ApiErrorItem => ({
    code: 'bad_request',
    detail: pointer,
    source: { pointer },
    status: 400,
    url: '/',
    useCase,
  });
  const unsubscribers: (() => void)[] = [];
  afterEach(() => {
    unsubscribers.forEach((u) => u());
    setGlobalErrorHandler(() => {});
  });

  it('routes by pointer and use case', () => {
    const global = vi.fn<(item: ApiErrorItem) => void>();
    const onLogin = vi.fn();
    const onEmailSignup = vi.fn();
    setGlobalErrorHandler(global);
    unsubscribers.push(
      subscribeErrors('login', onLogin),
      subscribeErrors('email', onEmailSignup, 'signup') as () => void,
    );
    dispatchErrors([item('login'), item('email', 'login'), item('email', 'signup'), item('')]);
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(onEmailSignup).toHaveBeenCalledExactlyOnceWith(item('email', 'signup'));
    expect(global.mock.calls.map(([i]) => i.source.pointer)).toEqual(['email', '']);
  });
});

describe('CSRF token', () => {
  it('is read from the csrftoken cookie', () => {
    expect(csrfToken('a=1; csrftoken=abc%3D; b=2')).toBe('abc=');
    expect(csrfToken('a=1; __Host-csrftoken=xyz')).toBe('xyz');
    expect(csrfToken('a=1')).toBe('');
  });

  it('goes with every call that changes something, and with no read', () => {
    document.cookie = 'csrftoken=tok1';
    try {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
        expect(apiHeaders(method)['X-CSRFToken'], method).toBe('tok1');
      }
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        expect(apiHeaders(method), method).not.toHaveProperty('X-CSRFToken');
      }
      expect(apiHeaders('GET')[PAGE_LOCALE_HEADER]).toBe('en');
    } finally {
      document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });
});
