import { useLingui } from '@lingui/react/macro';
import { PageBusy, RetryAlert, type RetryAlertProps } from '../components/status.tsx';
import { TitledPage } from '../components/titled.tsx';

/**
 * A page's own data while it loads: the page-wide spinner, then, if the load failed,
 * the page's title over the RetryAlert.
 */
export function PageLoad({
  failed,
  title,
  ...alert
}: RetryAlertProps & { failed: boolean; title: string }) {
  const { t } = useLingui();
  if (!failed) return <PageBusy label={t`Loading…`} />;
  return (
    <TitledPage title={title}>
      <RetryAlert {...alert} />
    </TitledPage>
  );
}
