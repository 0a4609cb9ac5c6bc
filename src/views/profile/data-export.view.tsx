import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import type { SnapshotFrom } from 'xstate';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type { dataExportMachine } from '../../../machines/data-export.machine.ts';

export interface DataExportViewProps {
  snapshot: SnapshotFrom<typeof dataExportMachine>;
  send: (event: { type: 'export.retry' }) => void;
  email: string;
}

/** /export_profile: preparing the file, then a download link, or a retry. */
export function DataExportView({ snapshot, send, email }: DataExportViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const body = (() => {
    switch (state) {
      case 'preparing':
        return <Busy label={t`Preparing your data…`} />;
      case 'ready': {
        const file = snapshot.context.file;
        return (
          <Stack gap="4" align="flex-start">
            <Text role="status">
              {t`Your data is ready and the download has started. We also sent a notice to ${email}.`}
            </Text>
            {file && (
              <Button asChild variant="outline">
                <a href={file.url} download={file.name}>
                  {t`Download again`}
                </a>
              </Button>
            )}
          </Stack>
        );
      }
      case 'failed':
        return (
          <RetryAlert
            message={t`Couldn't prepare your data. Please try again.`}
            onRetry={() => send({ type: 'export.retry' })}
          />
        );
      default:
        return state satisfies never;
    }
  })();
  return <TitledPage title={t`Data export`}>{body}</TitledPage>;
}
