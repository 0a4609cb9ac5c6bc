import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { SessionActor } from './flows/session.flow.ts';

export function createAppRouter(session: SessionActor) {
  return createRouter({
    routeTree,
    context: { session },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
