import { Button, Flex, Heading, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { PageBusy } from '../../components/status.tsx';
import type { SignupEvent, signupMachine } from '../../../machines/signup.machine.ts';
import { SignupFormView } from './signup-form.view.tsx';

export interface SignupViewProps {
  snapshot: SnapshotFrom<typeof signupMachine>;
  send: (event: SignupEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
  /** The social buttons (and their terms dialog), drawn by the screen. */
  social?: ReactNode;
}

/** Sign-up step 0: the form while editing or submitting, a spinner once registered. */
export function SignupView({ snapshot, send, formRef, social }: SignupViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  switch (state) {
    case 'editing':
    case 'submitting':
      return (
        <Flex gap="10" align="flex-start" direction={{ base: 'column', md: 'row' }}>
          <Stack gap="6" flex="1" maxW="md" width="full">
            <Heading as="h1" size="2xl">{t`Create an account`}</Heading>
            <Text display={{ base: 'block', md: 'none' }} color="fg.muted">
              <Trans>
                Already have an account?{' '}
                <Link asChild colorPalette="blue">
                  <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
                    Sign in
                  </RouterLink>
                </Link>
              </Trans>
            </Text>
            <SignupFormView
              busy={state === 'submitting'}
              serverErrors={snapshot.context.serverErrors}
              send={send}
              formRef={formRef}
            />
            {social && (
              <>
                <Separator />
                {social}
              </>
            )}
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
            <Heading as="h2" size="lg">{t`Already have an account?`}</Heading>
            <Text>{t`Sign in to manage your profile, subscription and web GIS.`}</Text>
            <Button asChild variant="outline" colorPalette="blue" alignSelf="flex-start">
              <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
                {t`Sign in`}
              </RouterLink>
            </Button>
          </Stack>
        </Flex>
      );
    case 'registered':
      return <PageBusy label={t`Creating the account…`} />;
    default:
      return state satisfies never;
  }
}
