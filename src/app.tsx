import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { i18n } from './i18n/i18n.ts';
import type { createAppRouter } from './router.tsx';
import type { appSystem } from './theme/system.ts';

/**
 * The app as the browser draws it and the server's render draws its first screen. A
 * screen the server drew comes inert (server/spa.ts): nothing in it is clicked, typed
 * into or sent before React has taken it over, here.
 */
export function App({
  router,
  system,
}: {
  router: ReturnType<typeof createAppRouter>;
  system: ReturnType<typeof appSystem>;
}) {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
        </ChakraProvider>
      </I18nProvider>
    </StrictMode>
  );
}
