import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as enPages } from '../../src/locales/en/pages.po';
import { messages as ru } from '../../src/locales/ru/messages.po';
import { messages as ruPages } from '../../src/locales/ru/pages.po';
import type { Locale } from '../../src/i18n/locale.ts';
import { appSystem } from '../../src/theme/system.ts';

// The app loads the first visit's texts, then the other pages' (decision 0009): a
// story or a view test shows any page, so it has both.
const catalogs = { en: { ...enPages, ...en }, ru: { ...ruPages, ...ru } };

/** Synchronous locale switch for stories and view tests (the app loads catalogs lazily). */
export function activateTestLocale(locale: Locale): void {
  if (i18n.locale !== locale) i18n.loadAndActivate({ locale, messages: catalogs[locale] });
}

const Content = createContext<ReactNode>(null);

function createTestRouter(locale: Locale) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '$locale',
    component: function Page() {
      return useContext(Content);
    },
  });
  return createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [`/${locale}`] }),
  });
}

/**
 * Chakra, Lingui and a memory router whose `/$locale` route renders the content,
 * so router links in views resolve as they do in the app.
 */
export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  activateTestLocale(locale);
  const [router] = useState(() => createTestRouter(locale));
  return (
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={appSystem()}>
        <Content.Provider value={children}>
          <RouterProvider router={router} />
        </Content.Provider>
      </ChakraProvider>
    </I18nProvider>
  );
}
