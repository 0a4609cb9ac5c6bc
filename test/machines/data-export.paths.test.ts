import { expect } from 'vitest';
import { dataExportMachine } from '../../machines/data-export.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

describeMachinePaths(dataExportMachine, {
  paths: 2,
  events: (snapshot) => [
    { type: 'export.retry' },
    ...internalEvents(snapshot, {
      fetchExport: { output: [{ name: 'demo-data.json', url: 'blob:x' }] },
    }),
  ],
  states: {
    preparing: (snapshot) => {
      // The export is being fetched: busy, no file yet, and no retry until it fails.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.file).toBeNull();
      expect(snapshot.can({ type: 'export.retry' })).toBe(false);
    },
    ready: (snapshot) => expect(snapshot.context.file?.name).toBe('demo-data.json'),
    failed: (snapshot) => expect(snapshot.context.file).toBeNull(),
  },
});
