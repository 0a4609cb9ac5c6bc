import type { Preview } from '@storybook/react-vite';
import { Providers } from '../test/render/providers.tsx';
import { isLocale } from '../src/i18n/locale.ts';

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
  },
  initialGlobals: { locale: 'en' },
  decorators: [
    (Story, context) => {
      const locale = isLocale(context.globals['locale']) ? context.globals['locale'] : 'en';
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
