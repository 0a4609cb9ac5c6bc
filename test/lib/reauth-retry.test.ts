import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, useFakeFetch } from './fake-fetch.ts';
import { call } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { setReauthHandler } from '../../src/api/reauth.ts';

const refused = () => json({ code: 'reauth_required', detail: 'Sign in again' }, 403);

const api = useFakeFetch(() => json({ ok: true }));
let unregister: (() => void) | undefined;

afterEach(() => {
  unregister?.();
  unregister = undefined;
});

const end = () =>
  call('v1/sessions/', v.object({ ok: v.boolean() }), { method: 'DELETE', useCase: 'end' });

describe('a call refused with reauth_required (decision 0215)', () => {
  it('asks the dialog, and retries once when the user proved who they are', async () => {
    const asked = vi.fn(async () => true);
    unregister = setReauthHandler(asked);
    api.answers = [refused()];
    expect(await end()).toEqual({ ok: true });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(api.fetched).toEqual(['/api/v1/sessions/', '/api/v1/sessions/']);
  });

  it("gives the caller the refusal when the user cancels, and doesn't call again", async () => {
    unregister = setReauthHandler(async () => false);
    api.answers = [refused()];
    const error = await end().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('reauth_required');
    expect(api.fetched).toHaveLength(1);
  });

  it('asks only once: a second refusal after the retry is the answer', async () => {
    const asked = vi.fn(async () => true);
    unregister = setReauthHandler(asked);
    api.answers = [refused(), refused()];
    await expect(end()).rejects.toMatchObject({ code: 'reauth_required' });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(api.fetched).toHaveLength(2);
  });

  it('shares one question between calls refused together', async () => {
    let prove: (proven: boolean) => void = () => {};
    const asked = vi.fn(() => new Promise<boolean>((resolve) => (prove = resolve)));
    unregister = setReauthHandler(asked);
    api.answers = [refused(), refused()];
    const both = Promise.all([end(), end()]);
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(api.fetched).toHaveLength(2));
    prove(true);
    expect(await both).toEqual([{ ok: true }, { ok: true }]);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('without a dialog, and for any other 403, the refusal goes to the caller at once', async () => {
    api.answers = [refused(), json({ code: 'permission_denied', detail: 'No' }, 403)];
    await expect(end()).rejects.toMatchObject({ code: 'reauth_required' });
    const asked = vi.fn(async () => true);
    unregister = setReauthHandler(asked);
    await expect(end()).rejects.toMatchObject({ code: 'permission_denied' });
    expect(asked).not.toHaveBeenCalled();
    expect(api.fetched).toHaveLength(2);
  });
});
