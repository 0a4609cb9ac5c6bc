import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SearchParamError } from '@tanstack/react-router';
import { errorPageCodeOf, MalformedLinkError } from '../../src/components/error-page.tsx';
import { Header } from '../../src/components/header.tsx';
import { signInTarget } from '../../src/components/session.view.tsx';
import {
  clearForbidden,
  followRefusals,
  forbiddenAddress,
  isAccessDenied,
} from '../../src/flows/server-refusals.ts';
import { call } from '../../src/api/client.ts';
import * as v from 'valibot';
import { answeredSession } from '../fixtures/session.ts';
import { Providers } from '../render/providers.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header Sign in button', () => {
  it('leads back to the page it is on, and is absent on the sign-in page', () => {
    expect(signInTarget({ pathname: '/en/terms', href: '/en/terms?x=1' })).toEqual({
      keep: false,
      next: '/en/terms?x=1',
    });
    expect(signInTarget({ pathname: '/ru/login/1', href: '/ru/login/1?next=%2Fru' })).toBeNull();
    expect(signInTarget({ pathname: '/en/login/2', href: '/en/login/2' })).toBeNull();
    // The pages that keep the query pass theirs on, `next` included.
    expect(signInTarget({ pathname: '/en/signup/0', href: '/en/signup/0?next=/en/x' })).toEqual({
      keep: true,
    });
    expect(signInTarget({ pathname: '/en/password/reset', href: '/en/password/reset' })).toEqual({
      keep: true,
    });
  });

  it('carries next in its link', async () => {
    render(
      <Providers locale="en">
        <Header session={{ status: 'signedOut' }} fixed onWebgisCreate={false} />
      </Providers>,
    );
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('next')).toBe(
      '/en',
    );
  });
});

describe('the error page of a route error', () => {
  it('is 400 for a malformed link or query, 500 for anything else', () => {
    expect(errorPageCodeOf(new MalformedLinkError('reset token'))).toBe(400);
    expect(errorPageCodeOf(new SearchParamError('bad next'))).toBe(400);
    expect(errorPageCodeOf(new Error('boom'))).toBe(500);
    expect(errorPageCodeOf('boom')).toBe(500);
  });
});

describe('refused calls', () => {
  const refusal = { status: 403, code: 'permission_denied', method: 'GET', useCase: 'get_x' };
  it('count as access denied only for page data, not CSRF, the profile or actions', () => {
    expect(isAccessDenied(refusal)).toBe(true);
    expect(isAccessDenied({ ...refusal, code: 'csrf_failed' })).toBe(false);
    expect(isAccessDenied({ ...refusal, useCase: 'get_user' })).toBe(false);
    expect(isAccessDenied({ ...refusal, method: 'PATCH' })).toBe(false);
    expect(isAccessDenied({ ...refusal, status: 401 })).toBe(false);
  });

  it('end the session on a 401 and mark the page on a 403, from any call', async () => {
    const session = createActor(answeredSession(), {
      input: { browserTimezone: { ianaName: 'UTC', offset: 0 } },
    }).start();
    const onExpired = vi.fn();
    const stop = followRefusals(session, () => '/en/software?x=1', onExpired);
    const answers = [
      { status: 403, body: { code: 'permission_denied', detail: 'No' } },
      { status: 401, body: { code: 'not_authenticated', detail: 'Sign in' } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const next = answers.shift() ?? { status: 500, body: {} };
        return new Response(JSON.stringify(next.body), {
          status: next.status,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    await expect(call('v1/x/', v.unknown(), { useCase: 'get_x' })).rejects.toThrow();
    expect(forbiddenAddress()).toBe('/en/software?x=1');
    // Gone elsewhere: the next visit asks the server again.
    clearForbidden();
    expect(forbiddenAddress()).toBeNull();
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    await expect(call('v1/x/', v.unknown(), { useCase: 'get_x' })).rejects.toThrow();
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    expect(onExpired).toHaveBeenCalledTimes(1);
    stop();
    session.stop();
  });
});
