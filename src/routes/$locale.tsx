import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { AppShell } from '../components/app-shell.tsx';
import {
  ErrorPage,
  errorPageCodeOf,
  ForbiddenGate,
  usePageAddress,
} from '../components/error-page.tsx';
import { currentPromotion } from '../components/site.ts';
import { sameHeaderSession, toHeaderSession } from '../components/header-session.ts';
import { loadPageTexts } from '../i18n/i18n.ts';
import { isLocale, pageLocale } from '../i18n/locale.ts';
import { pageTitle } from '../i18n/title.ts';

export const Route = createFileRoute('/$locale')({
  beforeLoad: async ({ params, location, matches }) => {
    // A path without a locale prefix goes to the same path under the default one.
    if (!isLocale(params.locale)) throw redirect({ href: `/${pageLocale()}${location.href}` });
    // The first visit brought the shell's and the sign-in page's texts; any other page
    // waits for the rest of the catalog (decision 0009). The account pages load it
    // themselves, once they know the visitor is not sent to sign in instead.
    const own = matches.some(
      ({ staticData }) => staticData.firstVisitTexts || staticData.loadsPageTexts,
    );
    if (!own) await loadPageTexts();
  },
  component: LocaleLayout,
  notFoundComponent: NotFound,
  errorComponent: ServerError,
});

function Shell({ children }: { children: React.ReactNode }) {
  const { session } = Route.useRouteContext();
  const header = useSelector(session, toHeaderSession, sameHeaderSession);
  const { pathname } = useLocation();
  return (
    <AppShell session={header} pathname={pathname} promotion={currentPromotion(new Date())}>
      {children}
    </AppShell>
  );
}

function LocaleLayout() {
  return (
    <Shell>
      <ForbiddenGate>
        <Outlet />
      </ForbiddenGate>
    </Shell>
  );
}

/** Drawn in the layout's Outlet (the frame is already there), so without a Shell of its own. */
function NotFound() {
  const address = usePageAddress();
  return (
    <>
      <title>{pageTitle(msg`Page does not exist`).meta[0]?.title}</title>
      <ErrorPage code={404} address={address} />
    </>
  );
}

/** A malformed link or query (400), or anything else a page threw (500). */
function ServerError({ error }: { error: unknown }) {
  const address = usePageAddress();
  return (
    <Shell>
      <ErrorPage code={errorPageCodeOf(error)} address={address} />
    </Shell>
  );
}
