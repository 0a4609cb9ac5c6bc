import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { SessionActor } from '../flows/session.flow.ts';
import { ToastHost } from '../components/error-toasts.tsx';
import { ReauthHost } from '../components/reauth-host.tsx';

export interface RouterContext {
  session: SessionActor;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <HeadContent />
      <Outlet />
      <ToastHost />
      <ReauthHost />
    </>
  ),
});
