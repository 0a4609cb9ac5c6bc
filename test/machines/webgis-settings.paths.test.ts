import { expect } from 'vitest';
import { webgisSettingsMachine } from '../../machines/webgis-settings.machine.ts';
import { demoWebgis } from '../fixtures/webgis.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const creating = demoWebgis('wait_for_create');
const started = demoWebgis('started');
const disabled = demoWebgis('disabled');
const broken = demoWebgis('error');
const outputs = [creating, started, disabled, broken, null];

// Arriving with webgis-status=started; closing the modal reaches the rest.
describeMachinePaths(webgisSettingsMachine, {
  paths: 11,
  input: { showSuccess: true },
  events: (snapshot) => [
    { type: 'webgis.retry' },
    { type: 'success.close' },
    ...internalEvents(snapshot, {
      fetchWebgis: { output: outputs },
      refreshWebgis: { output: outputs },
    }),
  ],
  serialize: (snapshot) => ({
    state: snapshot.context.webgis?.state ?? null,
    showSuccess: snapshot.context.showSuccess,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    unavailable: (snapshot) => {
      // The instance could not be loaded: nothing shown, nothing busy, a retry offered.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.webgis).toBeNull();
      expect(snapshot.can({ type: 'webgis.retry' })).toBe(true);
    },
    absent: (snapshot) => expect(snapshot.context.webgis).toBeNull(),
    shown: (snapshot) => {
      // Shown means there is an instance, and it is no longer loading.
      expect(snapshot.context.webgis).not.toBeNull();
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'webgis.retry' })).toBe(false);
    },
    // shown.sorting is only passed through (eventless): the harness reports it as such
    // and would demand a check here if it ever became a resting state.
    'shown.refreshing': (snapshot) => {
      // Looked at again only while being created, and the look is under way.
      expect(snapshot.children.refreshWebgis).toBeDefined();
      expect(['wait_for_create', 'wait_for_start']).toContain(snapshot.context.webgis?.state);
      expect(snapshot.can({ type: 'success.close' })).toBe(false);
    },
    'shown.creating': (snapshot) =>
      expect(['wait_for_create', 'wait_for_start']).toContain(snapshot.context.webgis?.state),
    'shown.ready': (snapshot) => {
      expect(snapshot.context.webgis?.state).toBe('started');
      // The modal is open exactly while it may be closed.
      expect(snapshot.can({ type: 'success.close' })).toBe(snapshot.context.showSuccess);
    },
    'shown.blocked': (snapshot) => {
      expect(snapshot.context.webgis?.state).toBe('disabled');
      expect(snapshot.can({ type: 'success.close' })).toBe(false);
    },
    'shown.failed': (snapshot) => expect(snapshot.context.webgis?.state).toBe('error'),
  },
});
