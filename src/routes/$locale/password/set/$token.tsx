import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { pageTitle } from '../../../../i18n/title.ts';
import { SetPasswordScreen } from '../../../../views/password/set-password-screen.tsx';

/** The page of the e-mailed reset link; the token is used only when the form is posted. */
export const Route = createFileRoute('/$locale/password/set/$token')({
  head: () => pageTitle(msg`Set a new password`),
  component: SetPasswordPage,
});

function SetPasswordPage() {
  const { token } = Route.useParams();
  return <SetPasswordScreen key={token} token={token} />;
}
