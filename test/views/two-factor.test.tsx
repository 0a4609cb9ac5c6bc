import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveSecondFactorMachine } from '../../src/flows/second-factor.flow.ts';
import { liveTwoFactorSetupMachine } from '../../src/flows/two-factor-setup.flow.ts';
import { useFormFlow } from '../../src/forms/use-form-flow.ts';
import { SecondFactorScreen } from '../../src/views/login/second-factor-screen.tsx';
import { TwoFactorView } from '../../src/views/security/two-factor-setup.view.tsx';
import { recoveryCodes, twoFactorSetup } from '../fixtures/security.ts';
import { Providers } from '../render/providers.tsx';
import { json, requestOf, unstubApi } from '../render/stubbed-api.ts';

/*
 * The authenticator app through its live flows, the API answered by a stubbed fetch:
 * what each step asks of the server, and what the page shows after its answer.
 */

type Call = { method: string; path: string; body: unknown };
const SETUP = twoFactorSetup;
const CODES = recoveryCodes;

function stubApi(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const { url, method } = requestOf(input, init);
      const raw = init?.body;
      const body =
        typeof raw === 'string'
          ? (JSON.parse(raw) as unknown)
          : raw instanceof URLSearchParams
            ? Object.fromEntries(raw)
            : null;
      const call = { method, path: url.pathname, body };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function SetupBlock() {
  const flow = useFormFlow(liveTwoFactorSetupMachine);
  return (
    <TwoFactorView snapshot={flow.snapshot} send={flow.actorRef.send} formRef={flow.formRef} />
  );
}

/** The block shown, the app off, and its setup started: the key comes next. */
async function startSetup() {
  render(
    <Providers locale="en">
      <SetupBlock />
    </Providers>,
  );
  await userEvent.click(
    await screen.findByRole('button', { name: 'Set up the authenticator app' }),
  );
}

afterEach(unstubApi);

describe('the authenticator app block', () => {
  it('sets up: the key, the first code, the codes once, then on; and turns off', async () => {
    let enabled = false;
    const calls = stubApi(({ method, path }) => {
      if (path.endsWith('/two-factor/setup/')) return json(200, SETUP);
      if (path.endsWith('/two-factor/confirm/')) return json(200, CODES);
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return json(200, { enabled, recovery_codes_left: enabled ? 10 : 0 });
    });
    await startSetup();
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByLabelText(/^Code from the app/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES.recovery_codes);
    enabled = true;
    await userEvent.click(screen.getByRole('button', { name: 'I have saved the codes' }));
    await screen.findByText(/Recovery codes left: 10\./);
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off the authenticator app' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await screen.findByRole('button', { name: 'Set up the authenticator app' });
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/v1/security/two-factor/',
      'POST /api/v1/security/two-factor/setup/',
      'POST /api/v1/security/two-factor/confirm/',
      'DELETE /api/v1/security/two-factor/',
    ]);
    expect(calls[2]?.body).toEqual({ code: '123456' });
  });

  it('says a wrong first code at the field and keeps the key on screen', async () => {
    stubApi(({ path }) => {
      if (path.endsWith('/two-factor/setup/')) return json(200, SETUP);
      if (path.endsWith('/two-factor/confirm/')) {
        return json(400, {
          errors: [
            {
              code: 'wrong_confirmation_code',
              detail: 'Invalid verification code',
              source: { pointer: 'code' },
            },
          ],
        });
      }
      return json(200, { enabled: false, recovery_codes_left: 0 });
    });
    await startSetup();
    const field = await screen.findByLabelText(/^Code from the app/);
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByText('Invalid verification code');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  });
});

describe('the sign-in code step', () => {
  it('posts the code as a form; a wrong one at the field, the right one signs in', async () => {
    let right = false;
    const calls = stubApi(() =>
      right
        ? json(200, { next: '/en/profile' })
        : json(400, {
            errors: [
              {
                code: 'wrong_confirmation_code',
                detail: 'Invalid verification code',
                source: { pointer: 'code' },
              },
            ],
          }),
    );
    const onSignedIn = vi.fn();
    render(
      <Providers locale="en">
        <SecondFactorScreen machine={liveSecondFactorMachine} onSignedIn={onSignedIn} />
      </Providers>,
    );
    const field = await screen.findByLabelText(/^Code from the app or recovery code/);
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Invalid verification code');
    right = true;
    await userEvent.clear(field);
    await userEvent.type(field, 'abcd-2345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/en/profile'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/auth/login/2fa/',
      'POST /api/auth/login/2fa/',
    ]);
  });

  it('an expired step sends the user to sign in again', async () => {
    stubApi(() => json(400, { code: 'token_expired', detail: 'expired' }));
    render(
      <Providers locale="en">
        <SecondFactorScreen onSignedIn={() => {}} />
      </Providers>,
    );
    await userEvent.type(
      await screen.findByLabelText(/^Code from the app or recovery code/),
      '123456',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('This sign-in has expired.');
    screen.getByRole('link', { name: 'Sign in again' });
  });
});
