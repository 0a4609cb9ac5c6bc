import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { dataExportMachine } from '../../machines/data-export.machine.ts';
import { DataExportView } from '../../src/views/profile/data-export.view.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';

const READY =
  'Your data is ready and the download has started. We also sent a notice to demo@example.com.';
const EXPORT_FAILED = "Couldn't prepare your data. Please try again.";

describeMachinePaths(dataExportMachine, {
  paths: 2,
  // Section 2, Profile (Data export) and the decision on /export_profile: the file with
  // every personal datum is offered as a download, with Try again on a failure.
  steps: {
    preparing: {
      'done: fetchExport': (_, event) => ({ to: 'ready', set: { file: outputOf(event) } }),
      'error: fetchExport': { to: 'failed' },
    },
    failed: { 'export.retry': { to: 'preparing', starts: { fetchExport: undefined } } },
  },
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
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <DataExportView snapshot={snapshot} send={() => {}} email={demoUser.email} />
      </Providers>
    ),
    states: {
      preparing: () => {
        screen.getByRole('heading', { name: 'Data export' });
        expect(screen.getByRole('status').textContent).toBe('Preparing your data…');
        expect(screen.queryByText(EXPORT_FAILED)).toBeNull();
        expect(screen.queryByRole('link')).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
      ready: () => {
        screen.getByRole('heading', { name: 'Data export' });
        expect(screen.getByRole('status').textContent).toBe(READY);
        const again = screen.getByRole('link', { name: 'Download again' });
        expect(again.getAttribute('href')).toBe('blob:x');
        expect(again.getAttribute('download')).toBe('demo-data.json');
        expect(screen.queryByText(EXPORT_FAILED)).toBeNull();
      },
      failed: () => {
        screen.getByRole('heading', { name: 'Data export' });
        screen.getByText(EXPORT_FAILED);
        expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.queryByRole('link', { name: 'Download again' })).toBeNull();
      },
    },
  },
});
