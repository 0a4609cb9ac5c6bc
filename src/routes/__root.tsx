import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { SessionActor } from '../flows/session.flow.ts';
import { ToastHost } from '../components/error-toasts.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ReauthHost } from '../components/reauth-host.tsx';

export interface RouterContext {
  session: SessionActor;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <PageTitle />
      <Outlet />
      <ToastHost />
      <ReauthHost />
    </>
  ),
});
