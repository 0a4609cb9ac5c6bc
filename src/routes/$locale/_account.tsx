import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { DraftOwnerProvider } from '../../forms/use-form-draft.ts';
import { loadPageTexts } from '../../i18n/i18n.ts';

/**
 * The account pages need a signed-in user: anyone else goes to /login/1 with the
 * query kept and `next` holding the page to come back to.
 */
export const Route = createFileRoute('/$locale/_account')({
  staticData: { loadsPageTexts: true },
  beforeLoad: async ({ context, params, location }) => {
    const session = await waitFor(context.session, (s) => !s.hasTag('checking'));
    if (session.matches('unavailable')) throw new Error('The account service is unavailable');
    if (!session.context.user) {
      throw redirect({
        to: '/$locale/login/$step',
        params: { locale: params.locale, step: '1' },
        search: { ...location.search, next: location.href },
      });
    }
    // Only now: a visitor sent to sign in needs none of the account pages' texts.
    await loadPageTexts();
    return { user: session.context.user };
  },
  component: AccountPages,
});

/** The account pages: their forms keep drafts for the signed-in user (decision 0025). */
function AccountPages() {
  const { user } = Route.useRouteContext();
  return (
    <DraftOwnerProvider owner={user.username}>
      <Outlet />
    </DraftOwnerProvider>
  );
}
