import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { signupDetailsMachine, type DetailsValues } from '../../machines/signup-details.machine.ts';
import { SignupTokenError } from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { DetailsScreen } from '../../src/views/signup/details-screen.tsx';
import { Providers } from '../render/providers.tsx';

const countries = [
  { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
  { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
  { code: 'AT', name_en: 'Austria', name_ru: 'Австрия' },
];
type Submit = (values: DetailsValues) => Promise<{ next: string }>;

function renderDetails(submit: Submit, locale: 'en' | 'ru' = 'en', country = 'RU') {
  const onDone = vi.fn();
  const fetchCountries = vi.fn().mockResolvedValue({ countries, country });
  const machine = signupDetailsMachine.provide({
    actors: {
      fetchCountries: fromPromise(({ input }) => fetchCountries(input)),
      submitDetails: fromPromise(({ input }) => submit(input)),
    },
  });
  render(
    <Providers locale={locale}>
      <DetailsScreen locale={locale} onDone={onDone} machine={machine} />
    </Providers>,
  );
  return { onDone, fetchCountries };
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('sign-up details', () => {
  it('lists the countries in the current locale with the IP country preselected', async () => {
    const { fetchCountries } = renderDetails(vi.fn(), 'ru');
    const select = await screen.findByLabelText<HTMLSelectElement>(/Страна/);
    expect(select.value).toBe('RU');
    const names = [...select.options].map((o) => o.textContent);
    expect(names.slice(1)).toEqual(['Австрия', 'Германия', 'Россия']);
    expect(fetchCountries).toHaveBeenCalledWith({ locale: 'ru' });
  });

  it('applies the name rules and sends nothing while they fail', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderDetails(submit, 'en', '');
    await user.type(await screen.findByLabelText(/First name/), 'R2D2');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByText(
        'This value may contain only letters, spaces, hyphens and apostrophes, and must start with a letter',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Please enter your last name')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/First name/)));
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows country_not_found at the country', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi
      .fn<Submit>()
      .mockRejectedValue(
        new FieldErrors([{ field: 'country', code: 'country_not_found', detail: 'x' }]),
      );
    renderDetails(submit);
    await user.type(await screen.findByLabelText(/First name/), 'Anna');
    await user.type(screen.getByLabelText(/Last name/), "O'Neil");
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByText('This country is not available. Please choose another country.'),
    ).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({ first_name: 'Anna', last_name: "O'Neil", country: 'RU' });
  });

  it('offers to restart when the sign-up session is gone', async () => {
    const user = userEvent.setup({ delay: null });
    renderDetails(() => Promise.reject(new SignupTokenError('email_not_confirmed')));
    await user.type(await screen.findByLabelText(/First name/), 'Anna');
    await user.type(screen.getByLabelText(/Last name/), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByText('Your email is not confirmed yet. Please start the sign-up again.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start the sign-up again' })).toBeTruthy();
  });

  it('finishes with the next address', async () => {
    const user = userEvent.setup({ delay: null });
    const { onDone } = renderDetails(() => Promise.resolve({ next: '/en/profile' }));
    await user.type(await screen.findByLabelText(/First name/), 'Anna');
    await user.type(screen.getByLabelText(/Last name/), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/en/profile'));
  });

  it("tells a name over 64 characters in Russian on the Russian page, never valibot's words", async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderDetails(submit, 'ru');
    const first = await screen.findByLabelText(/^Имя/);
    await user.click(first);
    await user.paste('Я'.repeat(65));
    await user.tab();
    expect(await screen.findByText('Должно быть не больше 64 символов')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Invalid|Expected/);
    expect(submit).not.toHaveBeenCalled();
  });
});
