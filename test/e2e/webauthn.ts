import type { Page } from 'playwright-core';

/** Chromium's virtual platform authenticator on this page: it verifies the user by itself. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Whether the device's user check (a fingerprint, a PIN) passes from now on. */
    userVerified: (isUserVerified: boolean) =>
      cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
  };
}

/** The security page's passkey block, in each language. */
export const passkeyBlockTexts = {
  en: {
    section: 'Passkeys',
    name: 'Name of the new passkey',
    add: 'Add a passkey',
    remove: (name: string) => `Remove ${name}`,
    confirmTitle: 'Remove the passkey?',
    confirm: 'Remove',
    none: 'You have no passkeys yet.',
  },
  ru: {
    section: 'Ключи доступа',
    name: 'Название нового ключа доступа',
    add: 'Добавить ключ доступа',
    remove: (name: string) => `Удалить ${name}`,
    confirmTitle: 'Удалить ключ доступа?',
    confirm: 'Удалить',
    none: 'У вас пока нет ключей доступа.',
  },
} as const;
