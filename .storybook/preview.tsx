import type { Preview } from '@storybook/react-vite';
import { Providers } from '../test/render/providers.tsx';
import { isLocale } from '../src/i18n/locale.ts';
import { setColorMode } from '../src/theme/color-mode.ts';

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the interface',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'ru', title: 'Русский' },
        ],
        dynamicTitle: true,
      },
    },
    colorMode: {
      description: 'Colour mode (the portal follows the system setting)',
      toolbar: {
        title: 'Colour mode',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', colorMode: 'light' },
  decorators: [
    (Story, context) => {
      const locale = isLocale(context.globals['locale']) ? context.globals['locale'] : 'en';
      // The page's language, as the app sets it (screen readers and axe read it).
      document.documentElement.lang = locale;
      setColorMode(
        document.documentElement,
        context.globals['colorMode'] === 'dark' ? 'dark' : 'light',
      );
      return (
        <Providers key={locale} locale={locale}>
          <Story />
        </Providers>
      );
    },
  ],
  parameters: { layout: 'padded' },
};

export default preview;
