import { i18n } from '@lingui/core';
import { composeStories } from '@storybook/react-vite';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.tsx';
import { errorMessages, validationMessages } from '../../src/forms/messages.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as ru } from '../../src/locales/ru/messages.po';
import * as errorPage from '../../stories/error-page.stories.tsx';
import * as login from '../../stories/login.stories.tsx';
import * as session from '../../stories/session.stories.tsx';

/*
 * A first visit loads only the texts of lingui.config.ts's `messages` (decision 0009):
 * everything the sign-in page and the shell around it can show must be there, or the
 * page would show a message id. Rendered with that catalog alone, no text is missing.
 */

const firstVisit = { en, ru };
const missing: string[] = [];
const onMissing = ({ id }: { id: string }) => void missing.push(id);

beforeEach(() => {
  missing.length = 0;
  i18n.on('missing', onMissing);
});
afterEach(() => {
  i18n.removeListener('missing', onMissing);
  cleanup();
});

describe.each(['en', 'ru'] as const)('the first visit in %s', (locale: Locale) => {
  for (const [file, module] of Object.entries({ login, errorPage, session })) {
    const composed = composeStories(module, { ...preview, initialGlobals: { locale } });
    for (const [name, story] of Object.entries(composed)) {
      it(`${file} ${name} has all its texts`, async () => {
        // Providers keeps an active locale as it is: this one has only the first part.
        i18n.loadAndActivate({ locale, messages: firstVisit[locale] });
        const Story = story as ComponentType;
        const { baseElement } = render(<Story />);
        await waitFor(() => expect(baseElement.textContent).not.toBe(''));
        expect(missing).toEqual([]);
      });
    }
  }

  it('has the text of every refusal the server can send and of every rule', () => {
    i18n.loadAndActivate({ locale, messages: firstVisit[locale] });
    for (const message of [...Object.values(errorMessages), ...Object.values(validationMessages)])
      i18n._(message);
    expect(missing).toEqual([]);
  });
});
