import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  answeredReads,
  forgetWarmReads,
  primeReads,
  sessionMayExist,
  warmReads,
} from './api/client.ts';
import { App } from './app.tsx';
import { setGlobalErrorHandler } from './api/errors.ts';
import { preloadSignedInShell } from './components/app-shell.tsx';
import { showErrorToast } from './components/error-toasts.tsx';
import { startErrorReporting } from './components/error-reporting.ts';
import { enableInspector } from './flows/inspect.ts';
import { startSession } from './flows/session.flow.ts';
import { errorText } from './forms/messages.ts';
import { activateLocale, i18n } from './i18n/i18n.ts';
import { localeOfPath, pageLocale } from './i18n/locale.ts';
import { createAppRouter } from './router.tsx';
import { followSystemColorMode } from './theme/color-mode.ts';
import { appSystem } from './theme/system.ts';

/**
 * The rest of the start in a task of its own: between tasks the browser paints a page
 * the server drew and answers a tap, where one long task would hold both until the app
 * had taken the page over (decision 0034, "The start in tasks").
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // Off unless the page names a DSN; loaded beside the start, never before it.
  void startErrorReporting();
  followSystemColorMode();
  const locale = localeOfPath(window.location.pathname) ?? pageLocale();
  const texts = activateLocale(locale);
  setGlobalErrorHandler(
    (item) => void texts.then(() => showErrorToast(errorText((d) => i18n._(d), item))),
  );
  await enableInspector(window.location.search);
  // What the server answered inside the page is not asked for again: before the
  // session's first call, which may take one.
  primeReads(answeredReads());
  const session = startSession();
  // The router is made in the next task: in this one the main chunk has just run.
  await nextTask();
  const router = createAppRouter(session);
  // The page's own chunks load beside its catalog and the session's call, not after
  // them; an account page's and the signed-in shell's only where a session may exist
  // (anyone else signs in).
  const mayBeSignedIn = sessionMayExist();
  if (mayBeSignedIn) preloadSignedInShell();
  for (const { routeId, staticData, search } of router.matchRoutes(router.latestLocation)) {
    const route = router.routesById[routeId as keyof typeof router.routesById];
    const account = routeId.startsWith('/$locale/_account');
    if (route && (mayBeSignedIn || !account)) void router.loadRouteChunk(route);
    if (mayBeSignedIn) warmReads(staticData.warmReads?.(search) ?? []);
  }
  // What the first page did not take is for no other page: the page where the first load
  // ended, past any redirect of it (/teammanage leads to its owner tab, with its reads).
  // Forgotten as the user sets off elsewhere, before the next page draws and starts its
  // machines.
  let warmedFor: string | null = null;
  const stopForgetting = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (warmedFor === null || toLocation.pathname === warmedFor) return;
    forgetWarmReads();
    stopForgetting();
  });
  // The theme's system is built while those calls are under way, in a task of its own:
  // built as the module loaded, it held them back and lengthened the start's long task
  // (decision 0009).
  await nextTask();
  const system = appSystem();
  await nextTask();
  await texts;
  // The first draw shows the settled page: drawn before the router had loaded, the page
  // was drawn a second time, all of it, as soon as it had (decision 0009). After the
  // texts: loading writes the page's title. The calls it waits for are under way. A
  // load that fails is the router's to show, as when its own first load fails.
  await router.load().catch(() => {});
  warmedFor = router.state.location.pathname;
  // React draws or takes the page over in a task after the router's load.
  await nextTask();
  const app = <App router={router} system={system} />;
  const container = document.getElementById('root')!;
  // A page the server drew (decision 0034): React takes it over as it is, drawing the
  // router's matches as the server did (without a Suspense boundary of its own around
  // them).
  if (container.hasChildNodes()) {
    router.ssr = { manifest: undefined };
    startTransition(() => void hydrateRoot(container, app));
    return;
  }
  // A transition: React draws the page in slices, between which the browser stays free
  // to answer a tap, not in one long task (decision 0009).
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
