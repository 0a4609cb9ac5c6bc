import { Alert, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { mailNoticeMachine } from '../../../machines/mail-notice.machine.ts';
import { Button } from '../../components/button.tsx';
import { formatDate } from '../../../contract/dates.ts';
import { isLocale } from '../../i18n/locale.ts';

export interface MailNoticeViewProps {
  snapshot: SnapshotFrom<typeof mailNoticeMachine>;
  send: (event: { type: 'notice.dismiss' }) => void;
  email: string;
  /** When the mail failed for good (ISO 8601). */
  failedAt: string;
}

/** Above every signed-in page: a mail to the user's address never arrived. */
export function MailNoticeView({ snapshot, send, email, failedAt }: MailNoticeViewProps) {
  const { t, i18n } = useLingui();
  // Gone from sight; a screen reader, whose focus was on Dismiss, hears that it went.
  if (snapshot.matches('dismissed'))
    return <VisuallyHidden role="status">{t`The notice is dismissed.`}</VisuallyHidden>;
  const date = formatDate(failedAt, isLocale(i18n.locale) ? i18n.locale : 'en');
  const busy = snapshot.hasTag('busy');
  return (
    <Alert.Root status="warning" mb={{ base: '4', md: '6' }}>
      <Alert.Indicator />
      <Stack gap="3" flex="1" align="flex-start">
        <Alert.Content>
          <Alert.Title>{t`An e-mail to ${email} did not arrive`}</Alert.Title>
          <Alert.Description>
            {t`On ${date} your mail server kept refusing our e-mail, so a code, link or notice may be missing. Check that the address is right and that your mailbox accepts our mail.`}
          </Alert.Description>
          {snapshot.matches('failed') && (
            <Alert.Description fontWeight="medium">
              {t`Couldn't dismiss the notice. Please try again.`}
            </Alert.Description>
          )}
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          onClick={() => send({ type: 'notice.dismiss' })}
        >
          {t`Dismiss`}
        </Button>
      </Stack>
    </Alert.Root>
  );
}
