import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Profile } from '../../contract/profile.ts';
import { profileFormMachine, type ProfileValues } from '../../machines/profile-form.machine.ts';
import { draftKey, keepDrafts } from '../../src/forms/drafts.ts';
import { ProfileFormView } from '../../src/views/profile/profile-form.view.tsx';
import {
  draftOffer,
  keptDraft,
  leaveDraft,
  renderOnAccountPage,
  signedInSession,
} from '../render/drafts.tsx';
import { demoUser } from '../fixtures/users.ts';

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

const renderProfile = (save: Save, locale: 'en' | 'ru' = 'en') =>
  renderOnAccountPage(<Harness save={save} />, locale);

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('profile form: unsaved changes across the session end', () => {
  it('keeps the edit (never a password) when a save meets 401 and the session ends', async () => {
    const user = userEvent.setup({ delay: null });
    const session = await signedInSession('profile');
    const save = vi.fn<Save>().mockImplementation(async () => {
      throw session.refuse();
    });
    renderProfile(save);
    const company = await screen.findByLabelText<HTMLInputElement>(/^Company/);
    await user.clear(company);
    await user.type(company, 'Tab B Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(session.wentToSignIn).toHaveBeenCalled());
    session.stop();
    // Kept before the page went away.
    expect(session.keptAtSignIn[0]).toMatchObject({ company: 'Tab B Ltd' });
    const kept = keptDraft('profile') ?? {};
    expect(kept).toMatchObject({ company: 'Tab B Ltd', first_name: demoUser.first_name });
    expect(Object.keys(kept).some((name) => /password/i.test(name))).toBe(false);
  });

  it('keeps nothing when the form holds no unsaved change', async () => {
    renderProfile(vi.fn<Save>());
    await screen.findByLabelText(/^Company/);
    keepDrafts();
    expect(keptDraft('profile')).toBeNull();
  });

  it('offers the draft; Restore fills the fields, unsaved, and a save clears it', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('profile', { company: 'Tab B Ltd', first_name: 'Anna Maria' });
    const save = vi.fn<Save>().mockImplementation(async (values) => ({ ...demoUser, ...values }));
    renderProfile(save);
    expect(await screen.findByText(draftOffer.en)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Company/).value).toBe(demoUser.company);
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Company/).value).toBe('Tab B Ltd');
    expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Anna Maria');
    expect(screen.queryByText(draftOffer.en)).toBeNull();
    // Not saved until the user saves.
    expect(save).not.toHaveBeenCalled();
    expect(keptDraft('profile')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ company: 'Tab B Ltd', first_name: 'Anna Maria' }),
    );
    await waitFor(() => expect(keptDraft('profile')).toBeNull());
  });

  it('Discard drops the draft and leaves the fields as they were (in Russian too)', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('profile', { company: 'Tab B Ltd' });
    renderProfile(vi.fn<Save>(), 'ru');
    expect(await screen.findByText(draftOffer.ru)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Отбросить' }));
    expect(keptDraft('profile')).toBeNull();
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
    expect(screen.queryByText(draftOffer.en)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
