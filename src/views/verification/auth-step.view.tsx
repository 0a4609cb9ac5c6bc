import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AuthCard } from '../../components/auth-card.tsx';
import { PageBusy, RetryAlert } from '../../components/status.tsx';
import { SessionLostView, type SessionLostViewProps } from './session-lost.view.tsx';

export interface AuthStepViewProps {
  title: string;
  /** The step loads, could not load, lost its sign-up session, or shows its form. */
  shown: 'loading' | 'unavailable' | 'sessionLost' | 'active';
  onRetry: () => void;
  /** What the lost session says (section 8's token errors) and its way on. */
  lost: SessionLostViewProps;
  /** The step's own content, in its card while `active`. */
  children: ReactNode;
}

/**
 * A sign-up step that reads its session before its form (the e-mail code, the
 * details): the spinner, the retry, the lost session, or the step in its card.
 */
export function AuthStepView({ title, shown, onRetry, lost, children }: AuthStepViewProps) {
  const { t } = useLingui();
  switch (shown) {
    case 'loading':
      return <PageBusy label={t`Loading…`} />;
    case 'unavailable':
      return (
        <AuthCard title={title}>
          <RetryAlert message={t`Something went wrong. Try again later.`} onRetry={onRetry} />
        </AuthCard>
      );
    case 'sessionLost':
      return (
        <AuthCard title={title}>
          <SessionLostView {...lost} />
        </AuthCard>
      );
    case 'active':
      return <AuthCard title={title}>{children}</AuthCard>;
    default:
      return shown satisfies never;
  }
}
