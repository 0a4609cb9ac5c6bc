import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Profile } from '../../contract/profile.ts';
import type { Team } from '../../contract/teams.ts';
import type { Webgis } from '../../contract/webgis.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { profileFormMachine, type ProfileValues } from '../../machines/profile-form.machine.ts';
import { draftKey } from '../../src/forms/drafts.ts';
import { followRefusals } from '../../src/flows/server-refusals.ts';
import { ProfileFormView } from '../../src/views/profile/profile-form.view.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';

type Save = (values: ProfileValues) => Promise<Profile>;

function Harness({ save }: { save: Save }) {
  const actor = useActorRef(
    profileFormMachine.provide({
      actors: {
        loadCountries: fromPromise(async () => [
          { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
        ]),
        saveProfile: fromPromise(({ input }) => save(input)),
      },
    }),
    { input: { user: demoUser } },
  );
  const snapshot = useSelector(actor, (s) => s);
  return <ProfileFormView snapshot={snapshot} send={actor.send} />;
}

const key = draftKey(demoUser.username, 'profile');
const offer = 'You have unsaved changes from before you were signed out';

function renderProfile(save: Save, locale: 'en' | 'ru' = 'en') {
  return render(
    <Providers locale={locale}>
      <Harness save={save} />
    </Providers>,
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('profile form: unsaved changes across the session end', () => {
  it('keeps the edit (never a password) when a save meets 401 and the session ends', async () => {
    const user = userEvent.setup({ delay: null });
    // The real wiring: a 401 ends the session, which keeps the drafts and goes to sign in.
    const session = createActor(
      sessionMachine.provide({
        actors: {
          fetchUser: fromPromise<Profile | null>(async () => demoUser),
          sendTimezone: fromPromise(async () => {}),
          fetchWebgis: fromPromise<Webgis | null, { hasWebgis: boolean }>(async () => null),
          fetchMemberTeams: fromPromise<Team[]>(async () => []),
        },
      }),
      { input: { browserTimezone: demoUser.timezone ?? { ianaName: 'UTC', offset: 0 } } },
    ).start();
    await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
    const toSignIn = vi.fn(() => {
      // What the app does: the page goes away.
      expect(sessionStorage.getItem(key)).not.toBeNull();
    });
    const stop = followRefusals(session, () => '/en/profile', toSignIn);
    const save = vi.fn<Save>().mockImplementation(async () => {
      // What the refusal listener does on a 401 (src/flows/server-refusals.ts).
      session.send({ type: 'session.expired' });
      throw new Error('401');
    });
    renderProfile(save);
    const company = await screen.findByLabelText<HTMLInputElement>(/^Company/);
    await user.clear(company);
    await user.type(company, 'Tab B Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toSignIn).toHaveBeenCalled());
    stop();
    session.stop();
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Record<string, unknown>;
    expect(kept).toMatchObject({ company: 'Tab B Ltd', first_name: demoUser.first_name });
    expect(Object.keys(kept).some((name) => /password/i.test(name))).toBe(false);
  });

  it('keeps nothing when the form holds no unsaved change', async () => {
    const { keepDrafts } = await import('../../src/forms/drafts.ts');
    renderProfile(vi.fn<Save>());
    await screen.findByLabelText(/^Company/);
    keepDrafts();
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('offers the draft; Restore fills the fields, unsaved, and a save clears it', async () => {
    const user = userEvent.setup({ delay: null });
    sessionStorage.setItem(key, JSON.stringify({ company: 'Tab B Ltd', first_name: 'Anna Maria' }));
    const save = vi.fn<Save>().mockImplementation(async (values) => ({ ...demoUser, ...values }));
    renderProfile(save);
    expect(await screen.findByText(offer)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Company/).value).toBe(demoUser.company);
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Company/).value).toBe('Tab B Ltd');
    expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Anna Maria');
    expect(screen.queryByText(offer)).toBeNull();
    // Not saved until the user saves.
    expect(save).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(key)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ company: 'Tab B Ltd', first_name: 'Anna Maria' }),
    );
    await waitFor(() => expect(sessionStorage.getItem(key)).toBeNull());
  });

  it('Discard drops the draft and leaves the fields as they were (in Russian too)', async () => {
    const user = userEvent.setup({ delay: null });
    sessionStorage.setItem(key, JSON.stringify({ company: 'Tab B Ltd' }));
    renderProfile(vi.fn<Save>(), 'ru');
    expect(
      await screen.findByText('У вас есть несохранённые изменения, сделанные до выхода из системы'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Отбросить' }));
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>(/^Компания/).value).toBe(demoUser.company);
    expect(screen.queryByRole('button', { name: 'Восстановить' })).toBeNull();
  });

  it("never offers another user's draft", async () => {
    sessionStorage.setItem(
      draftKey('someone-else', 'profile'),
      JSON.stringify({ company: 'Theirs' }),
    );
    renderProfile(vi.fn<Save>());
    await screen.findByLabelText(/^Company/);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(offer)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
