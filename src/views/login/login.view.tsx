import { Button, Flex, Heading, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { PageBusy } from '../../components/status.tsx';
import type { LoginEvent, loginMachine } from '../../../machines/login.machine.ts';
import { LoginFormView } from './login-form.view.tsx';
import { SocialButtons } from './social-buttons.tsx';

export interface LoginViewProps {
  snapshot: SnapshotFrom<typeof loginMachine>;
  send: (event: LoginEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** Sign-in page: the form while editing or submitting, a spinner once signed in. */
export function LoginView({ snapshot, send, formRef }: LoginViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  switch (state) {
    case 'editing':
    case 'submitting':
      return (
        <Flex gap="10" align="flex-start" direction={{ base: 'column', md: 'row' }}>
          <Stack gap="6" flex="1" maxW="md" width="full">
            <Heading as="h1" size="2xl">{t`Sign in`}</Heading>
            <Text display={{ base: 'block', md: 'none' }} color="fg.muted">
              <Trans>
                New here?{' '}
                <Link asChild colorPalette="blue">
                  <RouterLink to="/$locale/signup" from="/$locale">
                    Create an account
                  </RouterLink>
                </Link>
              </Trans>
            </Text>
            <LoginFormView
              busy={state === 'submitting'}
              serverErrors={snapshot.context.serverErrors}
              send={send}
              formRef={formRef}
            />
            <Separator />
            <SocialButtons intent="login" next={snapshot.context.next} />
          </Stack>
          <Stack
            display={{ base: 'none', md: 'flex' }}
            gap="4"
            flex="1"
            maxW="sm"
            p="8"
            borderRadius="l3"
            bg="bg.muted"
          >
            <Heading as="h2" size="lg">{t`New here?`}</Heading>
            <Text>{t`One account for the web GIS, the desktop and mobile software and your team.`}</Text>
            <Button asChild variant="outline" colorPalette="blue" alignSelf="flex-start">
              <RouterLink to="/$locale/signup" from="/$locale">
                {t`Create an account`}
              </RouterLink>
            </Button>
          </Stack>
        </Flex>
      );
    case 'signedIn':
      return <PageBusy label={t`Signing in…`} />;
    default:
      return state satisfies never;
  }
}
