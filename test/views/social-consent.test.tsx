import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  ConsentRefused,
  socialAccountConsentMachine,
  type SocialAccountConsentOutput,
} from '../../machines/social-account-consent.machine.ts';
import { SocialAccountConsentScreen } from '../../src/views/login/social-account-consent-screen.tsx';
import { SocialSignInError } from '../../src/views/login/social-buttons.tsx';
import { Providers } from '../render/providers.tsx';

afterEach(cleanup);

function renderConsent(
  accept: () => Promise<{ next: string }>,
  decline: () => Promise<void> = () => Promise.resolve(),
  locale: 'en' | 'ru' = 'en',
) {
  const onDecided = vi.fn<(output: SocialAccountConsentOutput) => void>();
  const machine = socialAccountConsentMachine.provide({
    actors: { acceptConsent: fromPromise(accept), declineConsent: fromPromise(decline) },
  });
  render(
    <Providers locale={locale}>
      <SocialAccountConsentScreen provider="yandex" onDecided={onDecided} machine={machine} />
    </Providers>,
  );
  return { onDecided };
}

describe('a social sign-in new here', () => {
  it('asks the same consent as sign-up, with links to both documents, then signs in', async () => {
    const user = userEvent.setup({ delay: null });
    const accept = vi.fn(() => Promise.resolve({ next: '/en/software' }));
    const { onDecided } = renderConsent(accept);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign up with Yandex' });
    expect(within(dialog).getByText('No account here uses this Yandex profile yet.')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'terms of service' }).getAttribute('href'),
    ).toBe('/en/terms');
    expect(within(dialog).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/en/privacy',
    );
    expect(accept).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Agree' }));
    await waitFor(() =>
      expect(onDecided).toHaveBeenCalledWith({ outcome: 'signedIn', next: '/en/software' }),
    );
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('creates nothing when declined', async () => {
    const user = userEvent.setup({ delay: null });
    const accept = vi.fn(() => Promise.resolve({ next: '/en/profile' }));
    const decline = vi.fn(() => Promise.resolve());
    const { onDecided } = renderConsent(accept, decline);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disagree' }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith({ outcome: 'declined' }));
    expect(decline).toHaveBeenCalledTimes(1);
    expect(accept).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('hands a refusal over to the page, which words it without a sign-up', async () => {
    const user = userEvent.setup({ delay: null });
    const { onDecided } = renderConsent(() => Promise.reject(new ConsentRefused('token_expired')));
    await user.click(await screen.findByRole('button', { name: 'Agree' }));
    await waitFor(() =>
      expect(onDecided).toHaveBeenCalledWith({ outcome: 'failed', error: 'token_expired' }),
    );
    cleanup();
    render(
      <Providers locale="en">
        <SocialSignInError code="token_expired" />
      </Providers>,
    );
    expect(
      (await screen.findByRole('alert')).textContent?.startsWith(
        'The sign-in with the provider took too long',
      ),
    ).toBe(true);
  });

  it('asks in Russian', async () => {
    renderConsent(() => Promise.resolve({ next: '/ru/profile' }), undefined, 'ru');
    const dialog = await screen.findByRole('alertdialog', { name: 'Регистрация через Yandex' });
    expect(within(dialog).getByRole('button', { name: 'Согласен' })).toBeTruthy();
  });
});
