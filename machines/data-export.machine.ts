import { assign, fromPromise, setup } from 'xstate';
import { withOutput } from './event-params.ts';
import { loadState, retryState } from './load-parts.ts';

export interface ExportFile {
  name: string;
  url: string;
}

/**
 * Data export (/export_profile): fetches the file of every personal datum the
 * server holds (which also e-mails a notice) and offers it as a download.
 */
export const dataExportMachine = setup({
  types: {
    context: {} as { file: ExportFile | null },
    events: {} as { type: 'export.retry' },
  },
  actors: {
    fetchExport: fromPromise<ExportFile>(async () => {
      throw new Error('fetchExport is provided by the app');
    }),
  },
  actions: {
    keepFile: assign({ file: (_, params: { file: ExportFile }) => params.file }),
  },
}).createMachine({
  id: 'dataExport',
  context: { file: null },
  initial: 'preparing',
  states: {
    preparing: loadState(
      'fetchExport',
      'The copy of the personal data is prepared (and a notice e-mailed).',
      withOutput('ready', 'keepFile', 'file'),
    ),
    ready: { description: 'The file is offered as a download.' },
    failed: retryState('export.retry', 'The export failed, with Try again.', 'preparing'),
  },
});
