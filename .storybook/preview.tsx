import type { Preview } from '@storybook/react-vite';
import { Providers } from '../test/render/providers.tsx';
import { isLocale } from '../src/i18n/locale.ts';
import { setColorMode } from '../src/theme/color-mode.ts';

type Global = NonNullable<Preview['globalTypes']>[string];
type Toolbar = NonNullable<Global['toolbar']>;

/** A global chosen in the toolbar from its items, the chosen one's title shown. */
const toolbarGlobal = (
  description: string,
  title: string,
  icon: Toolbar['icon'],
  items: Toolbar['items'],
): Global => ({ description, toolbar: { title, icon, items, dynamicTitle: true } });

const preview: Preview = {
  globalTypes: {
    locale: toolbarGlobal('Language of the interface', 'Locale', 'globe', [
      { value: 'en', title: 'English' },
      { value: 'ru', title: 'Русский' },
    ]),
    colorMode: toolbarGlobal(
      'Colour mode (the portal follows the system setting)',
      'Colour mode',
      'mirror',
      [
        { value: 'light', title: 'Light' },
        { value: 'dark', title: 'Dark' },
      ],
    ),
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
