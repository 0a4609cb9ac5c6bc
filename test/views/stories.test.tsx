import { composeStories } from '@storybook/react-vite';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import preview from '../../.storybook/preview.tsx';

type StoryModule = Parameters<typeof composeStories>[0];

/**
 * Every story renders in both locales without a warning (console.error fails the
 * test), and the Russian one is in Russian; a story with a play function plays it.
 */
const files = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', { eager: true });

afterEach(cleanup);

describe.each(['en', 'ru'] as const)('stories in %s', (locale) => {
  for (const [file, module] of Object.entries(files)) {
    const stories = composeStories(module, { ...preview, initialGlobals: { locale } });
    for (const [name, composed] of Object.entries(stories)) {
      const Story = composed as ComponentType;
      const { play, run } = composed as { play?: unknown; run: () => Promise<void> };
      it(`${file.replace('../../stories/', '')} ${name}`, async () => {
        const { baseElement } = render(<Story />);
        await waitFor(() => expect(baseElement.textContent).not.toBe(''));
        // The language switcher names each language in itself; leave it out.
        const page = baseElement.cloneNode(true) as HTMLElement;
        page.querySelectorAll('[lang]').forEach((name) => name.remove());
        const text = page.textContent ?? '';
        expect(/[а-яё]/i.test(text)).toBe(locale === 'ru');
      });
      // An interactive story's play function types, clicks and checks what follows.
      if (play) {
        it(`${file.replace('../../stories/', '')} ${name} plays`, async () => {
          await run();
        });
      }
    }
  }
});
