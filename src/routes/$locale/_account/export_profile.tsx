import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { liveDataExportMachine } from '../../../flows/data-export.flow.ts';
import { inspect } from '../../../flows/inspect.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { DataExportView } from '../../../views/profile/data-export.view.tsx';

export const Route = createFileRoute('/$locale/_account/export_profile')({
  head: () => pageTitle(msg`Data export`),
  component: ExportPage,
});

function ExportPage() {
  const { user } = Route.useRouteContext();
  const actor = useActorRef(liveDataExportMachine, { inspect });
  const snapshot = useSelector(actor, (s) => s);
  const file = snapshot.context.file;
  // Start the download once the file is ready; the page keeps a link to it.
  useEffect(() => {
    if (!file) return;
    const link = document.createElement('a');
    link.href = file.url;
    link.download = file.name;
    link.click();
    return () => URL.revokeObjectURL(file.url);
  }, [file]);
  return <DataExportView snapshot={snapshot} send={actor.send} email={user.email} />;
}
