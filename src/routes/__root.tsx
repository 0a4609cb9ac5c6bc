import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { SessionActor } from '../flows/session.flow.ts';
import { AppToaster } from '../components/toaster.tsx';

export interface RouterContext {
  session: SessionActor;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <HeadContent />
      <Outlet />
      <AppToaster />
    </>
  ),
});
