import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey, keepDrafts } from '../../src/forms/drafts.ts';
import { draftOffer, keptDraft, leaveDraft, signedInSession } from '../render/drafts.tsx';
import { renderProfileOnAccountPage, type Save } from '../render/profile-form.tsx';
import { demoUser } from '../fixtures/users.ts';

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
    renderProfileOnAccountPage(save);
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
    renderProfileOnAccountPage(vi.fn<Save>());
    await screen.findByLabelText(/^Company/);
    keepDrafts();
    expect(keptDraft('profile')).toBeNull();
  });

  it('offers the draft; Restore fills the fields, unsaved, and a save clears it', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('profile', { company: 'Tab B Ltd', first_name: 'Anna Maria' });
    const save = vi.fn<Save>().mockImplementation(async (values) => ({ ...demoUser, ...values }));
    renderProfileOnAccountPage(save);
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
    renderProfileOnAccountPage(vi.fn<Save>(), 'ru');
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
    renderProfileOnAccountPage(vi.fn<Save>());
    await screen.findByLabelText(/^Company/);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(draftOffer.en)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
