import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FieldErrors } from '../../machines/field-errors.ts';
import { demoUser } from '../fixtures/users.ts';
import { renderProfile, type Save } from '../render/profile-form.tsx';

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('profile form', () => {
  it('shows the phone rule at the field and sends nothing while it is broken', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn<Save>();
    renderProfile(save);
    const phone = await screen.findByLabelText(/Phone/);
    await user.type(phone, '12345');
    await user.tab();
    expect(
      await screen.findByText(
        'Please enter a valid phone number with an international country code',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(save).not.toHaveBeenCalled();
  });

  it('saves, says so, and shows a refused field in Russian until it is edited', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi
      .fn<Save>()
      .mockRejectedValueOnce(
        new FieldErrors([{ field: 'company', code: 'invalid_input', detail: 'x' }]),
      )
      .mockImplementation(async (values) => ({ ...demoUser, ...values }));
    renderProfile(save, 'ru');
    const company = await screen.findByLabelText(/Компания/);
    await user.type(company, 'ACME');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Введённые данные некорректны. Проверьте их и попробуйте ещё раз.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Компания/).value).toBe('ACME');
    await user.type(company, ' Ltd');
    await waitFor(() =>
      expect(
        screen.queryByText('Введённые данные некорректны. Проверьте их и попробуйте ещё раз.'),
      ).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены')).toBeTruthy();
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ company: 'ACME Ltd', country: 'RU' }),
    );
  });

  it("tells a name over 64 characters in Russian on the Russian page, never valibot's words", async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn<Save>();
    renderProfile(save, 'ru');
    const last = await screen.findByLabelText(/^Фамилия/);
    await user.clear(last);
    await user.paste('Я'.repeat(65));
    await user.tab();
    expect(await screen.findByText('Должно быть не больше 64 символов')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Invalid|Expected/);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(save).not.toHaveBeenCalled();
  });

  it('trims as typed: leading spaces at once, a space between words kept, trailing spaces on leaving and at submit', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn<Save>().mockImplementation(async (values) => ({ ...demoUser, ...values }));
    renderProfile(save);
    const first = await screen.findByLabelText<HTMLInputElement>(/^First name/);
    await user.clear(first);
    await user.type(first, '  Anna ');
    // The leading spaces never show; the space after Anna stays while typing…
    expect(first.value).toBe('Anna ');
    await user.type(first, 'Maria  ');
    expect(first.value).toBe('Anna Maria  ');
    // …and the trailing ones go when the field is left.
    await user.tab();
    expect(first.value).toBe('Anna Maria');
    const company = screen.getByLabelText<HTMLInputElement>(/^Company/);
    await user.clear(company);
    await user.paste('   ACME  ');
    expect(company.value).toBe('ACME  ');
    // Enter submits without leaving the field: the value still goes trimmed.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ first_name: 'Anna Maria', company: 'ACME' }),
    );
    expect(company.value).toBe('ACME');
  });
});
