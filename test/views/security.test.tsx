import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityEvent, SessionInfo } from '../../contract/identity.ts';
import { SecurityScreen } from '../../src/views/security/security-screen.tsx';
import { laptopSession, phoneSession, unknownSession } from '../fixtures/security.ts';
import { Providers } from '../render/providers.tsx';
import { json, requestOf, unstubApi } from '../render/stubbed-api.ts';

/*
 * /security through its live flows, the API answered by a stubbed fetch: what each
 * action asks of the server, and what the page shows after its answer.
 */

type Call = { method: string; path: string };
const signInEvent: SecurityEvent = {
  kind: 'sign_in',
  method: 'password',
  created_at: '2026-11-27T10:00:00Z',
  browser: 'Chrome 131',
  os: 'Linux',
  ip: '203.0.113.7',
  country: 'DE',
};

/** The API answered by `answer`; every call is recorded. */
function stubFetch(answer: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const { url, method } = requestOf(input, init);
      const call = { method, path: url.pathname };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** The sessions are `sessions`; each DELETE answers `ended` (204 by default). */
function stubApi(
  sessions: SessionInfo[],
  ended: () => Response = () => new Response(null, { status: 204 }),
) {
  return stubFetch(({ method, path }) => {
    if (method === 'DELETE') return ended();
    if (path.endsWith('/v1/security/events/')) return json(200, [signInEvent]);
    return json(200, sessions);
  });
}

const rows = () =>
  within(screen.getByRole('heading', { name: "Where you're signed in" }).parentElement!)
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');
const signOut = (browser: RegExp) => screen.getByRole('button', { name: browser });

function renderPage() {
  render(
    <Providers locale="en">
      <SecurityScreen email="ann@example.com" />
    </Providers>,
  );
}

afterEach(unstubApi);

describe('the security page', () => {
  it('reads the sessions and the log, and ends one session by its id', async () => {
    const calls = stubApi([laptopSession, phoneSession, unknownSession]);
    renderPage();
    await screen.findByText('Signed in with the password');
    expect(calls).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/v1/sessions/' },
        { method: 'GET', path: '/api/v1/security/events/' },
      ]),
    );
    await userEvent.click(signOut(/^Sign out Safari 17 on iOS 17/));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/api/v1/sessions/${phoneSession.id}/` },
    ]);
    expect(rows().join()).not.toContain('Safari 17');
    // The end is in the log: it is read again, once.
    const logReads = () =>
      calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/security/events/');
    await waitFor(() => expect(logReads()).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(logReads()).toHaveLength(2);
  });

  it('ends all the others at once, and says when only this browser is left', async () => {
    const calls = stubApi([laptopSession, phoneSession, unknownSession]);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out of all other sessions' }),
    );
    await screen.findByText("You're signed in on this browser only.");
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toContain('This browser');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/v1/sessions/' },
    ]);
  });

  it('takes a session that is already gone off the list without a word', async () => {
    stubApi([laptopSession, phoneSession], () =>
      json(404, { code: 'not_found', detail: 'Not found' }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari 17/ }));
    await screen.findByText("You're signed in on this browser only.");
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the session listed and says so when ending it fails', async () => {
    stubApi([laptopSession, phoneSession], () => json(500, { code: 'system', detail: 'Boom' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari 17/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Try again later.',
    );
    expect(rows()).toHaveLength(2);
    expect((signOut(/^Sign out Safari 17/) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads the sessions and the log again after the password is changed here', async () => {
    let changed = false;
    const calls = stubFetch(({ path }) => {
      if (path.endsWith('/v1/security/password/')) {
        changed = true;
        return new Response(null, { status: 204 });
      }
      if (path.endsWith('/v1/security/events/')) {
        const passwordChanged = { ...signInEvent, kind: 'password_changed', method: null };
        return json(200, changed ? [passwordChanged, signInEvent] : [signInEvent]);
      }
      if (path.endsWith('/v1/sessions/')) {
        return json(200, changed ? [laptopSession] : [laptopSession, phoneSession]);
      }
      return json(404, { code: 'not_found', detail: 'Not found' });
    });
    renderPage();
    await screen.findByText('Signed in with the password');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const reads = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);
    expect(reads('/api/v1/sessions/')).toHaveLength(1);
    expect(reads('/api/v1/security/events/')).toHaveLength(1);

    await userEvent.type(screen.getByLabelText(/^Current password/), 'Old-pass-1!');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Brand-new-pass-7!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your password was changed. Every other browser was signed out.');
    // The phone was signed out by the change: the list says so without a reload, and
    // the log tells of the change.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows().join()).not.toContain('Safari 17');
    await screen.findByText('Password changed');
    // Each is read once more: the sessions the change signed out are not a change of
    // their own that the log would be read again for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(reads('/api/v1/sessions/')).toHaveLength(2);
    expect(reads('/api/v1/security/events/')).toHaveLength(2);
  });

  it('keeps both lists shown, busy, while they are read again after a change, and a failed read says so with Try again', async () => {
    let changed = false;
    // The reads after the change wait until the test lets them answer.
    const held: Record<string, (answer: Response) => void> = {};
    const hold = (path: string) =>
      new Promise<Response>((resolve) => {
        held[path] = resolve;
      });
    stubFetch(({ path }) => {
      if (path.endsWith('/v1/security/password/')) {
        changed = true;
        return new Response(null, { status: 204 });
      }
      if (path.endsWith('/v1/security/events/')) {
        return changed ? hold('events') : json(200, [signInEvent]);
      }
      if (path.endsWith('/v1/sessions/')) {
        return changed ? hold('sessions') : json(200, [laptopSession, phoneSession]);
      }
      return json(404, { code: 'not_found', detail: 'Not found' });
    });
    renderPage();
    await screen.findByText('Signed in with the password');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const lists = () => screen.getAllByRole('list');
    expect(lists().map((list) => list.getAttribute('aria-busy'))).toEqual(['false', 'false']);

    await userEvent.type(screen.getByLabelText(/^Current password/), 'Old-pass-1!');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Brand-new-pass-7!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(Object.keys(held).sort()).toEqual(['events', 'sessions']));
    // Both read again: the last lists stay, marked busy, and nothing says Loading.
    expect(rows()).toHaveLength(2);
    screen.getByText('Signed in with the password');
    expect(lists().map((list) => list.getAttribute('aria-busy'))).toEqual(['true', 'true']);
    expect(screen.queryByText('Loading')).toBeNull();
    expect((signOut(/^Sign out Safari 17/) as HTMLButtonElement).disabled).toBe(true);

    const failure = () => json(500, { code: 'system', detail: 'Internal error' });
    act(() => {
      held.sessions!(failure());
      held.events!(failure());
    });
    await screen.findByText("Couldn't refresh your sessions.");
    await screen.findByText("Couldn't refresh your security activity.");
    expect(rows()).toHaveLength(2);
    screen.getByText('Signed in with the password');
    expect(lists().map((list) => list.getAttribute('aria-busy'))).toEqual(['false', 'false']);

    // Try again under the sessions reads them again; this time they answer.
    delete held.sessions;
    const [sessionsAgain] = screen.getAllByRole('button', { name: 'Try again' });
    await userEvent.click(sessionsAgain!);
    await waitFor(() => expect(held.sessions).toBeDefined());
    act(() => held.sessions!(json(200, [laptopSession])));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText("Couldn't refresh your sessions.")).toBeNull();
    screen.getByText("Couldn't refresh your security activity.");
  });
});
