import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Consultation, ConsultationRequest } from '../../contract/consultation.ts';
import {
  consultationMachine,
  type ConsultationInput,
} from '../../machines/consultation.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { ConsultationScreen } from '../../src/views/consultation/consultation-screen.tsx';
import { Providers } from '../render/providers.tsx';

type Send = (request: ConsultationRequest) => Promise<Consultation>;

const profile: ConsultationInput['user'] = {
  first_name: 'Анна',
  last_name: 'Петрова',
  email: 'anna@example.com',
  company: '',
  phone: '',
  industry: 'mining',
};

async function renderScreen(send: Send) {
  const machine = consultationMachine.provide({
    actors: { sendConsultation: fromPromise(({ input }) => send(input)) },
  });
  render(
    <Providers locale="ru">
      <ConsultationScreen user={profile} language="ru" machine={machine} />
    </Providers>,
  );
  // The page's texts load with their catalog.
  await screen.findByRole('heading', { name: 'Запросить консультацию' });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('consultation request (ru)', () => {
  it('is prefilled from the profile, with the labels in Russian', async () => {
    await renderScreen(vi.fn<Send>());
    expect(screen.getByRole('textbox', { name: /^Имя/ })).toHaveProperty('value', 'Анна Петрова');
    expect(screen.getByRole('textbox', { name: /^Эл. почта/ })).toHaveProperty(
      'value',
      'anna@example.com',
    );
    screen.getByRole('textbox', { name: 'Компания' });
    screen.getByRole('textbox', { name: /^Телефон/ });
    expect(screen.getByRole('combobox', { name: 'Отрасль' })).toHaveProperty('value', 'mining');
    screen.getByRole('textbox', { name: 'Комментарий' });
  });

  it('shows a bad e-mail at its field in Russian and sends nothing, then sends once fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi.fn<Send>(async () => ({ id: 1, created_at: '2026-11-26T10:00:00.000Z' }));
    await renderScreen(send);
    const email = screen.getByRole('textbox', { name: /^Эл. почта/ });
    await user.clear(email);
    await user.type(email, 'anna@');
    await user.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    const error = await screen.findByText('Введите корректный адрес эл. почты');
    // At the e-mail field: its description names the message, and focus went there.
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const field = email.closest('[data-scope="field"][data-part="root"]');
    expect(field?.contains(error)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await new Promise((r) => setTimeout(r, 50));
    expect(send).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, 'anna@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), 'Нужно 20 мест');
    await user.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    await screen.findByText('Спасибо! Ваш запрос отправлен.');
    screen.getByText(/Подтверждение отправлено на anna@example\.org\./);
    expect(send).toHaveBeenCalledWith({
      name: 'Анна Петрова',
      email: 'anna@example.org',
      company: '',
      phone: '',
      industry: 'mining',
      comment: 'Нужно 20 мест',
      language: 'ru',
    });
  });

  it("shows the server's refusal of the e-mail at its field in Russian until it is edited", async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi.fn<Send>(async () => {
      throw new FieldErrors([
        { field: 'email', code: 'email', detail: 'Please enter a valid email address' },
      ]);
    });
    await renderScreen(send);
    await user.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    await screen.findByText('Введите корректный адрес эл. почты');
    expect(send).toHaveBeenCalledTimes(1);
    const email = screen.getByRole('textbox', { name: /^Эл. почта/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, 'm');
    expect(screen.queryByText('Введите корректный адрес эл. почты')).toBeNull();
  });
});
