import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { webgisSettingsMachine } from '../../machines/webgis-settings.machine.ts';
import { SettingsView } from '../../src/views/webgis/webgis-settings.view.tsx';
import { demoWebgis } from '../fixtures/webgis.ts';
import { Providers } from '../render/providers.tsx';
import type { Webgis } from '../../contract/webgis.ts';
import { describeMachinePaths, internalEvents, outputOf, type Outcome } from './path-harness.ts';

const creating = demoWebgis('wait_for_create');
const started = demoWebgis('started');
const disabled = demoWebgis('disabled');
const broken = demoWebgis('error');
// Each of section 3's states once: both being created, both blocked, started, failed.
const outputs = [
  creating,
  demoWebgis('wait_for_start'),
  started,
  disabled,
  demoWebgis('wait_for_disable'),
  broken,
  null,
];

/**
 * Section 2 (Web GIS) and 3 (its states): none yet is the way to create one; being
 * created (wait_for_create, wait_for_start) is looked at again every 5 s; disabled or
 * being disabled is blocked; error is a failed creation; anything else is ready.
 */
const shownBy = (webgis: Webgis | null): Outcome => {
  if (webgis === null) return { to: 'absent', set: { webgis: null } };
  const state = webgis.state;
  const to =
    state === 'wait_for_create' || state === 'wait_for_start'
      ? 'shown.creating'
      : state === 'disabled' || state === 'wait_for_disable'
        ? 'shown.blocked'
        : state === 'error'
          ? 'shown.failed'
          : 'shown.ready';
  return { to, set: { webgis } };
};

const URL = 'http://my-web-gis.localhost:8080/';
const RETRY = "Couldn't load your Web GIS. Please try again.";
const BEING_CREATED = 'Your Web GIS is being created';
const BLOCKED = 'Your Web GIS is blocked';
const NOT_CREATED = 'Your Web GIS could not be created';
const ALERTS = [RETRY, BEING_CREATED, BLOCKED, NOT_CREATED];
/** The one alert of the state (or none): every other is absent. */
const onlyAlert = (shown: string | null) => {
  for (const text of ALERTS) if (text !== shown) expect(screen.queryByText(text), text).toBeNull();
  if (shown) screen.getByText(shown);
};
// The modal, when open, hides the page from the accessibility tree: look there too.
const anywhere = { hidden: true };
const heading = () => screen.getByRole('heading', { level: 1, name: 'Web GIS', ...anywhere });
const details = () => screen.queryByRole('region', { name: 'Details', ...anywhere });
const actions = () => screen.getByRole('region', { name: 'Actions', ...anywhere });
const noModal = () => expect(screen.queryByRole('dialog')).toBeNull();
/** Ready or blocked: the details, the state named, and the address as a link. */
const settings = (state: 'Ready' | 'Blocked') => {
  const card = within(details()!);
  const address = card.getByRole('link', { name: new RegExp(URL) });
  expect(address.getAttribute('href')).toBe(URL);
  card.getByText(state);
  card.getByText('Europe (Frankfurt)');
  // On Free: upgrade from here.
  within(actions()).getByRole('link', { name: 'Upgrade', ...anywhere });
};

// Arriving with webgis-status=started; closing the modal reaches the rest.
describeMachinePaths(webgisSettingsMachine, {
  paths: 24,
  input: { showSuccess: true },
  // Decision 0034: what the page brought shows at once (a web GIS being created, or
  // none), its state sorted as a read's answer is.
  starts: {
    'the page brought one being created': {
      input: { showSuccess: false, webgis: creating },
      at: 'shown.creating',
    },
    'the page brought that there is none': {
      input: { showSuccess: false, webgis: null },
      at: 'absent',
    },
  },
  steps: {
    loading: {
      'done: fetchWebgis': (_, event) => shownBy(outputOf(event)),
      'error: fetchWebgis': { to: 'unavailable' },
    },
    unavailable: {
      'webgis.retry': { to: 'loading', starts: { fetchWebgis: undefined } },
    },
    'shown.creating': {
      'after refreshInterval': {
        to: 'shown.refreshing',
        starts: { refreshWebgis: undefined },
        after: 5000,
      },
    },
    'shown.refreshing': {
      'done: refreshWebgis': (_, event) => shownBy(outputOf(event)),
      // A failed look keeps the page as it was; the next one comes in 5 s.
      'error: refreshWebgis': { to: 'shown.creating' },
    },
    'shown.ready': {
      // The modal closes once; the address loses its query (webgis-status=started).
      'success.close': ({ context }) =>
        context.showSuccess
          ? { to: 'shown.ready', set: { showSuccess: false } }
          : { to: 'shown.ready' },
    },
  },
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
      expect(['disabled', 'wait_for_disable']).toContain(snapshot.context.webgis?.state);
      expect(snapshot.can({ type: 'success.close' })).toBe(false);
    },
    'shown.failed': (snapshot) => expect(snapshot.context.webgis?.state).toBe('error'),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <SettingsView snapshot={snapshot} send={() => {}} email="ann@example.com" locale="en" />
      </Providers>
    ),
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading…');
        expect(screen.queryByRole('heading')).toBeNull();
        onlyAlert(null);
      },
      unavailable: () => {
        heading();
        onlyAlert(RETRY);
        const retry = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
        expect(retry.disabled).toBe(false);
        expect(details()).toBeNull();
      },
      absent: () => {
        heading();
        screen.getByText('You have no Web GIS yet.');
        const create = screen.getByRole('link', { name: 'Create Web GIS' });
        expect(create.getAttribute('href')).toBe('/en/webgis/create');
        onlyAlert(null);
        expect(details()).toBeNull();
      },
      shown: () => {
        heading();
        expect(screen.queryByText('Loading…')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Try again', ...anywhere })).toBeNull();
      },
      // Being created, looked at again or not: the message with the user's e-mail.
      'shown.creating': () => beingCreated(),
      'shown.refreshing': () => beingCreated(),
      'shown.ready': (snapshot) => {
        onlyAlert(null);
        settings('Ready');
        const go = within(actions()).getByRole('link', { name: /Go to Web GIS/, ...anywhere });
        expect(go.getAttribute('href')).toBe(`${URL}login/oauth/`);
        // Arrived from the creation: the success modal, until it is closed.
        if (!snapshot.context.showSuccess) return noModal();
        const modal = within(screen.getByRole('dialog', { name: 'Your Web GIS is ready' }));
        modal.getByText(`Your Web GIS has been created at ${URL}.`);
        modal.getByText(/You are on the Free plan\. Upgrade for more storage/);
        expect(modal.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
          '/en/subscription/update',
        );
        modal.getByRole('link', { name: /Go to Web GIS/ });
        modal.getByRole('button', { name: 'Close' });
      },
      'shown.blocked': () => {
        onlyAlert(BLOCKED);
        settings('Blocked');
        // Blocked: no way into it, only the upgrade that unblocks it; no modal.
        expect(screen.queryByRole('link', { name: /Go to Web GIS/, ...anywhere })).toBeNull();
        noModal();
      },
      'shown.failed': () => {
        onlyAlert(NOT_CREATED);
        const again = screen.getByRole('link', { name: 'Create again' });
        expect(again.getAttribute('href')).toBe('/en/webgis/create');
        expect(details()).toBeNull();
        noModal();
      },
    },
  },
});

function beingCreated() {
  onlyAlert(BEING_CREATED);
  expect(screen.getByRole('status').textContent).toContain(
    'We will send a message to ann@example.com when it is ready.',
  );
  expect(details()).toBeNull();
  noModal();
}
