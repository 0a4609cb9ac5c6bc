import { Box, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useParams, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { waitFor } from 'xstate';

/**
 * /logout and /silent_logout: ends the session, then goes to the sign-in page.
 * The silent one shows nothing on the way.
 */
export function SignOutPage({ silent }: { silent: boolean }) {
  const { t } = useLingui();
  const { session } = useRouteContext({ from: '/$locale' });
  const { locale } = useParams({ from: '/$locale' });
  const navigate = useNavigate();
  useEffect(() => {
    const done = async () => {
      const ready = await waitFor(session, (s) => !s.hasTag('checking'));
      if (ready.matches('signedIn')) session.send({ type: 'session.signOut' });
      await waitFor(session, (s) => !s.matches('signingOut') && !s.hasTag('checking'));
      await navigate({ to: '/$locale/login/$step', params: { locale, step: '1' }, replace: true });
    };
    void done();
  }, [session, locale, navigate]);
  if (silent) return null;
  return (
    <Box role="status" py="16" textAlign="center">
      <Spinner size="lg" />
      <Text mt="4">{t`Signing out…`}</Text>
    </Box>
  );
}
