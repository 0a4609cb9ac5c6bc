import { fromPromise } from 'xstate';
import { dataExportMachine } from '../../machines/data-export.machine.ts';
import { fetchProfileExport } from '../api/profile.api.ts';

export const liveDataExportMachine = dataExportMachine.provide({
  actors: { fetchExport: fromPromise(({ signal }) => fetchProfileExport(signal)) },
});
