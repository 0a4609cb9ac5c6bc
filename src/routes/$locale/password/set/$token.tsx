import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { MalformedLinkError } from '../../../../components/error-page.tsx';
import { pageTitle } from '../../../../i18n/title.ts';
import { SetPasswordScreen } from '../../../../views/password/set-password-screen.tsx';

/** The page of the e-mailed reset link; the token is used only when the form is posted. */
export const Route = createFileRoute('/$locale/password/set/$token')({
  // The mailed token is 32 random bytes in base64url; anything else was cut or mangled.
  beforeLoad: ({ params }) => {
    if (!/^[\w-]{43}$/.test(params.token)) throw new MalformedLinkError('reset token');
  },
  head: () => pageTitle(msg`Set a new password`),
  component: SetPasswordPage,
});

function SetPasswordPage() {
  const { token } = Route.useParams();
  return <SetPasswordScreen key={token} token={token} />;
}
