import { Alert, Box, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isTeamErrorCode, type Invitation } from '../../../contract/teams.ts';
import type {
  InviteEmailProblem,
  RowProblem,
  teamInviteMachine,
} from '../../../machines/team-invite.machine.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Busy, RetryAlert } from '../../components/status.tsx';
import { FieldFrame } from '../../forms/field-frame.tsx';
import { errorText, validationMessages } from '../../forms/messages.ts';
import { SelectField } from '../../forms/select-field.tsx';
import { trimTyped } from '../../forms/trim.ts';
import { formatDate } from '../../../contract/dates.ts';
import { isLocale } from '../../i18n/locale.ts';
import type { MachineViewProps } from '../machine-view.ts';
import { teamErrorMessages } from './messages.ts';

export type TeamInviteViewProps = MachineViewProps<typeof teamInviteMachine>;

const emailProblems: Record<InviteEmailProblem, MessageDescriptor> = {
  required: validationMessages.required,
  email: validationMessages.email,
  already_invited: teamErrorMessages.already_invited,
};

/** "10:42": when a row's Resend may be used again, in the reader's own time. */
export function timeOf(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/**
 * The owner's invitations by e-mail (decision 0602): the pending ones, each marked
 * Pending (or Expired) with Resend and Revoke, and the form to invite an address in the
 * language of the mail chosen.
 */
export function TeamInviteView({ snapshot, send }: TeamInviteViewProps) {
  const { t, i18n } = useLingui();
  const translate = i18n._.bind(i18n);
  const { context } = snapshot;
  const state = snapshot.value;
  if (state === 'loading') return <Busy label={t`Loading invitations…`} />;
  if (state === 'unavailable') {
    return (
      <RetryAlert
        message={t`Couldn't load the invitations. Please try again.`}
        onRetry={() => send({ type: 'invitations.retry' })}
      />
    );
  }
  const serverEmail = context.serverErrors['email'];
  const emailError = context.emailProblem
    ? translate(emailProblems[context.emailProblem])
    : serverEmail && fieldText(translate, serverEmail);
  const localeError = context.serverErrors['locale'];
  const teamError = context.serverErrors['team'];
  const inviting = snapshot.hasTag('inviting');
  const rowBusy = snapshot.hasTag('rowBusy');
  return (
    <Stack gap="4" align="flex-start" width="full">
      {context.invitations.length > 0 && (
        <InvitationRows
          invitations={context.invitations}
          working={context.working}
          action={state === 'resending' ? 'resend' : state === 'revoking' ? 'revoke' : null}
          disabled={rowBusy || inviting}
          problem={context.rowProblem}
          send={send}
        />
      )}
      <Text role="status" textStyle="caption" color="fg.success">
        {context.notice?.kind === 'invited' && t`Invitation sent to ${context.notice.email}.`}
        {context.notice?.kind === 'resent' && t`Invitation sent again to ${context.notice.email}.`}
      </Text>
      <chakra.form
        noValidate
        aria-label={t`Invite by e-mail`}
        width="full"
        maxW="lg"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'invite.submit' });
        }}
      >
        <Stack gap="2">
          <FieldFrame
            label={t`E-mail address`}
            error={emailError}
            helperText={t`We mail an invitation with links to accept or decline, valid for 7 days.`}
            size="caption"
          >
            <Input
              name="email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              value={context.email}
              onChange={(e) => send({ type: 'invite.email', email: trimTyped(e.target.value) })}
            />
          </FieldFrame>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Box minW="48">
              <SelectField
                label={t`Language of the mail`}
                name="locale"
                value={context.locale}
                options={[
                  // Each language named in itself, as the language switcher does.
                  { value: 'en', label: 'English', lang: 'en' },
                  { value: 'ru', label: 'Русский', lang: 'ru' },
                ]}
                error={localeError ? errorText(translate, localeError) : undefined}
                onValueChange={(value) => {
                  if (isLocale(value)) send({ type: 'invite.locale', locale: value });
                }}
                onBlur={() => {}}
              />
            </Box>
            <Box pb="5">
              <Button
                type="submit"
                variant="outline"
                loading={inviting}
                loadingText={t`Sending…`}
                disabled={rowBusy}
              >
                {t`Invite`}
              </Button>
            </Box>
          </HStack>
        </Stack>
      </chakra.form>
      {teamError && (
        <Alert.Root status="error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Title>{fieldText(translate, teamError)}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

function fieldText(
  translate: (d: MessageDescriptor) => string,
  error: { code: string; detail: string; field: string },
): string {
  return isTeamErrorCode(error.code)
    ? translate(teamErrorMessages[error.code])
    : errorText(translate, error);
}

const rowProblems: Record<string, MessageDescriptor> = {
  too_many_requests: msg`Sent too often. Try again in an hour.`,
};

interface InvitationRowsProps {
  invitations: Invitation[];
  working: string | null;
  action: 'resend' | 'revoke' | null;
  disabled: boolean;
  problem: RowProblem | null;
  send: TeamInviteViewProps['send'];
}

/** The pending invitations: the address, Pending or Expired, when, Resend and Revoke. */
function InvitationRows({
  invitations,
  working,
  action,
  disabled,
  problem,
  send,
}: InvitationRowsProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <chakra.ul listStyleType="none" width="full" aria-label={t`Pending invitations`}>
      {invitations.map((invitation) => {
        const email = invitation.email;
        const until = formatDate(invitation.expires_at, locale);
        const resendAt = timeOf(invitation.resend_at, i18n.locale);
        const mine = problem?.id === invitation.id ? problem.code : null;
        return (
          <chakra.li
            key={invitation.id}
            borderBottomWidth="1px"
            py="2"
            display="flex"
            gap="3"
            flexWrap="wrap"
            alignItems="center"
            data-testid="invitation-row"
          >
            <Stack gap="0.5" flex="1" minW="0">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {email}
              </Text>
              <Text textStyle="caption" color="fg.muted">
                {invitation.expired
                  ? t`The link expired on ${until}.`
                  : t`The link works until ${until}. It can be sent again from ${resendAt}.`}
              </Text>
              {mine && (
                <Text textStyle="caption" color="fg.error" role="alert">
                  {mine === 'resend_too_early'
                    ? t`It can be sent again from ${resendAt}.`
                    : i18n._(rowProblems[mine] ?? msg`Couldn't do it. Please try again.`)}
                </Text>
              )}
            </Stack>
            {invitation.expired ? (
              <Badge variant="outline" colorPalette="red">{t`Expired`}</Badge>
            ) : (
              <Badge variant="outline" colorPalette="orange">{t`Pending`}</Badge>
            )}
            <HStack gap="2">
              <Button
                size="xs"
                variant="outline"
                loading={working === invitation.id && action === 'resend'}
                disabled={disabled}
                aria-label={t`Resend the invitation to ${email}`}
                onClick={() => send({ type: 'invitation.resend', id: invitation.id })}
              >
                {t`Resend`}
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                loading={working === invitation.id && action === 'revoke'}
                disabled={disabled}
                aria-label={t`Revoke the invitation to ${email}`}
                onClick={() => send({ type: 'invitation.revoke', id: invitation.id })}
              >
                {t`Revoke`}
              </Button>
            </HStack>
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}
