import { Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { emailUndoMachine, UndoRefusal } from '../../../machines/email-undo.machine.ts';
import { Button } from '../../components/button.tsx';
import { TitledPage } from '../../components/titled.tsx';
import { LinkQuestion } from '../link-question.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export type EmailUndoViewProps = MachineViewProps<typeof emailUndoMachine>;

const refusalTexts: Record<UndoRefusal, MessageDescriptor> = {
  wrong_token: msg`This link is not valid. Check that it was copied whole from the email.`,
  token_used: msg`This link has been used already: the old email was put back then.`,
  token_superseded: msg`An earlier email change of this profile was undone, so this link no longer applies.`,
  token_expired: msg`This link has expired: it worked for 7 days after the change. Please contact support.`,
  user_already_exists: msg`The old email now belongs to another profile, so it cannot be put back. Please contact support.`,
};

/** /email/undo/{token}: puts the old address back after asking. */
export function EmailUndoView({ snapshot, send }: EmailUndoViewProps) {
  const { t, i18n } = useLingui();
  const state = snapshot.value;
  const signIn = (
    <Button asChild colorPalette="blue" alignSelf="flex-start">
      <Link to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
        {t`Sign in`}
      </Link>
    </Button>
  );
  const body = (() => {
    switch (state) {
      case 'asking':
      case 'failed':
      case 'undoing':
        return (
          <LinkQuestion
            question={t`The email of your profile was changed. Put the old address back? Every browser signed in to the profile will be signed out.`}
            failure={
              state === 'failed' ? t`Couldn't undo the change. Please try again.` : undefined
            }
            action={t`Undo the email change`}
            busy={state === 'undoing'}
            busyText={t`Undoing…`}
            onConfirm={() => send({ type: 'undo.confirm' })}
          />
        );
      case 'undone': {
        const email = snapshot.context.email ?? '';
        return (
          <Stack gap="4">
            <Text role="status">
              {t`Done: the email of your profile is ${email} again, and every browser was signed out. If you did not change it, reset your password now.`}
            </Text>
            {signIn}
          </Stack>
        );
      }
      case 'refused': {
        const refusal = snapshot.context.refusal ?? 'wrong_token';
        return (
          <Stack gap="4">
            <Text role="alert">{i18n._(refusalTexts[refusal])}</Text>
            {signIn}
          </Stack>
        );
      }
      default:
        return state satisfies never;
    }
  })();
  return (
    <TitledPage title={t`Undo the email change`} maxW="xl">
      {body}
    </TitledPage>
  );
}
