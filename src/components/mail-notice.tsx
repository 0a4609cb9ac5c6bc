import { useMachine } from '@xstate/react';
import { liveMailNoticeMachine } from '../flows/mail-notice.flow.ts';
import { MailNoticeView } from '../views/mail/mail-notice.view.tsx';

/** The undelivered-mail notice with its flow; loaded only for a user who has one. */
export default function MailNotice({ email, failedAt }: { email: string; failedAt: string }) {
  const [snapshot, send] = useMachine(liveMailNoticeMachine);
  return <MailNoticeView snapshot={snapshot} send={send} email={email} failedAt={failedAt} />;
}
