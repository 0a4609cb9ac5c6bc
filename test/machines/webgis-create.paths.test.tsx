import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Webgis } from '../../contract/webgis.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import {
  webgisCreateMachine,
  type WebgisCreateContext,
  type WebgisCreateLoad,
} from '../../machines/webgis-create.machine.ts';
import { CreateView } from '../../src/views/webgis/webgis-create.view.tsx';
import { demoWebgis } from '../fixtures/webgis.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';
import { loadingView } from './path-view.tsx';

const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
// While the blocking dialog is open the page behind it is hidden from assistive technology.
const form = () => screen.getByRole('form', { name: 'Create Web GIS', hidden: true });
const dialog = () => screen.queryByRole('alertdialog', { name: 'Your Web GIS is being created' });
/** Creating or polling: the dialog blocks the page, and the form (with what was typed) stays. */
const blocked = () => {
  expect(dialog()).not.toBeNull();
  form();
};

const options: WebgisCreateLoad = {
  domain: 'localhost',
  locations: [{ id: 'eu-central', display_name: { en: 'Europe', ru: 'Европа' } }],
  existing: null,
};
// The create answer names no transition: the machine sets wait_for_create itself.
const created = demoWebgis('wait_for_create', { state_transition: null });
// The polls answer with the user's plan now, changed meanwhile in another tab: what the
// machine keeps of a poll (section 4: the last data, at the deadline too) is told apart
// from the create's answer.
const pending = demoWebgis('wait_for_create', { plan: 'premium' });
const started = demoWebgis('started');
const broken = demoWebgis('error', { plan: 'premium' });
// Issue 31: the user has an instance already (loaded with the options).
const hasOne: WebgisCreateLoad = { ...options, existing: started };
// One that ended in error may be created again: the form shows.
const hadOne: WebgisCreateLoad = { ...options, existing: broken };
const taken = new FieldErrors([
  { field: 'subdomain_name', code: 'subdomain_taken', detail: 'This domain name is already taken' },
]);

const valid = { subdomain_name: 'my-gis', location_id: 'eu-central' };

/**
 * Section 5, domain rule: a letter, then letters, digits or hyphens, ending in a letter
 * or digit, 4 to 64 in all ("At least 4 characters are needed").
 */
const DOMAIN = /^[a-z][a-z0-9-]{2,62}[a-z0-9]$/i;
type Values = { subdomain_name: string; location_id: string };

/** Section 5: a submit clears the server's errors, and only valid values are sent. */
const submitted =
  (here: string) =>
  ({ context }: { context: WebgisCreateContext }, event: unknown) => {
    const { values } = event as { values: Values };
    const subdomain = values.subdomain_name.trim();
    if (!DOMAIN.test(subdomain) || values.location_id === '') {
      return { to: here, set: { serverErrors: {} } };
    }
    // Section 3: the create payload, with the subdomain lower-cased, in the page's language.
    const request = {
      subdomain_name: subdomain.toLowerCase(),
      location_id: values.location_id,
      language: context.language,
    };
    return {
      to: 'creating',
      set: { request, serverErrors: {} },
      starts: { createWebgis: request },
    };
  };
/** Section 5: an edited field's server error goes, the others stay. */
const edited =
  (here: string) =>
  ({ context }: { context: WebgisCreateContext }, event: unknown) => {
    const { [(event as { field: string }).field]: _, ...rest } = context.serverErrors;
    return { to: here, set: { serverErrors: rest } };
  };
/** Section 4: on failure the state becomes error locally and the transition is cleared. */
const failedWith = (webgis: Webgis | null) => ({
  to: 'form.failed',
  set: { webgis: webgis && { ...webgis, state: 'error' as const, state_transition: null } },
});

describeMachinePaths(webgisCreateMachine, {
  paths: 42,
  input: { username: '2_my.gis', language: 'ru' },
  // Section 4, Web GIS creation (and section 9, Polling): after the create call the
  // transition is wait_for_create; a poll every 1 s until started, for at most 60 s,
  // then the last data; a polling error (or an instance in error) fails the creation.
  steps: {
    loading: {
      // Issue 31: a user with an instance (not one in error) never sees the form.
      'done: fetchOptions': (_, event) => {
        const load: WebgisCreateLoad = outputOf(event);
        return load.existing !== null && load.existing.state !== 'error'
          ? { to: 'exists', set: { webgis: load.existing, existing: true } }
          : { to: 'form.editing', set: { domain: load.domain, locations: load.locations } };
      },
      'error: fetchOptions': { to: 'unavailable' },
    },
    unavailable: {
      'options.retry': { to: 'loading', starts: { fetchOptions: undefined } },
    },
    // A refused submit or an edit leaves the form as it was (failed stays said).
    'form.editing': {
      'form.submit': submitted('form.editing'),
      'field.edit': edited('form.editing'),
    },
    'form.failed': { 'form.submit': submitted('form.failed'), 'field.edit': edited('form.failed') },
    creating: {
      'done: createWebgis': (_, event) => {
        const made: Webgis = outputOf(event);
        return {
          to: 'polling.waiting',
          set: { webgis: { ...made, state_transition: 'wait_for_create' as const } },
        };
      },
      // A refused field shows at it; any other failure fails the creation (nothing made).
      'error: createWebgis': ({ context }, event) =>
        errorOf(event) instanceof FieldErrors
          ? { to: 'form.editing', set: { serverErrors: { subdomain_name: taken.errors[0] } } }
          : failedWith(context.webgis),
    },
    'polling.waiting': {
      'after pollInterval': {
        to: 'polling.checking',
        after: 1000,
        starts: { fetchWebgis: undefined },
      },
      // The clock runs on to the deadline: the poll due a second later starts on the way
      // and is left unanswered.
      'after createTimeout': { to: 'timedOut', after: 60_000, starts: { fetchWebgis: undefined } },
    },
    'polling.checking': {
      'done: fetchWebgis': ({ context }, event) => {
        const seen = outputOf(event) as Webgis | null;
        if (seen?.state === 'started') return { to: 'created', set: { webgis: seen } };
        // No instance any more, or one in error: it will not start.
        if (seen === null) return failedWith(context.webgis);
        if (seen.state === 'error') return failedWith(seen);
        return { to: 'polling.waiting', set: { webgis: seen } };
      },
      'error: fetchWebgis': ({ context }) => failedWith(context.webgis),
      'after createTimeout': { to: 'timedOut', after: 60_000 },
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: { subdomain_name: ' My-GIS ', location_id: 'eu-central' } },
    { type: 'form.submit', values: { subdomain_name: '1abc', location_id: '' } },
    // The domain rule's edges: one short of 4 characters, and 4 without a data center.
    { type: 'form.submit', values: { subdomain_name: 'abc', location_id: 'eu-central' } },
    { type: 'form.submit', values: { subdomain_name: 'abcd', location_id: '' } },
    { type: 'field.edit', field: 'subdomain_name' },
    { type: 'options.retry' },
    ...internalEvents(snapshot, {
      fetchOptions: { output: [options, hasOne, hadOne] },
      createWebgis: { output: [created], error: [taken, new Error('network down')] },
      fetchWebgis: { output: [started, pending, broken, null] },
    }),
  ],
  serialize: (snapshot) => ({
    state: snapshot.context.webgis?.state ?? null,
    transition: snapshot.context.webgis?.state_transition ?? null,
    errors: Object.keys(snapshot.context.serverErrors),
    request: snapshot.context.request?.subdomain_name ?? null,
    locations: snapshot.context.locations.length,
    existing: snapshot.context.existing,
  }),
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.defaultSubdomain).toBe('my-gis');
    },
    unavailable: (snapshot) => {
      // The options could not be loaded: nothing is busy, no form, only a retry.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.locations).toEqual([]);
      expect(snapshot.can({ type: 'options.retry' })).toBe(true);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    form: (snapshot) => {
      expect(snapshot.context.domain).toBe('localhost');
      // Only a user without an instance gets the form.
      expect(snapshot.context.existing).toBe(false);
    },
    'form.editing': (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.locations).toEqual(options.locations);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(true);
      // Editing never shows an instance still being created.
      expect(snapshot.context.webgis?.state_transition ?? null).toBeNull();
    },
    creating: (snapshot) => {
      expect(snapshot.hasTag('creating')).toBe(true);
      expect(snapshot.context.request).toEqual({
        subdomain_name: 'my-gis',
        location_id: 'eu-central',
        language: 'ru',
      });
    },
    polling: (snapshot) => {
      expect(snapshot.hasTag('creating')).toBe(true);
      // Section 4: after the create call the local transition is wait_for_create.
      expect(snapshot.context.webgis?.state_transition).toBe('wait_for_create');
    },
    'polling.waiting': (snapshot) => {
      // Between polls: no fetch under way, and the instance seen is neither started nor in error.
      expect(snapshot.children.fetchWebgis).toBeUndefined();
      expect(snapshot.context.webgis?.state).toBe('wait_for_create');
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    'polling.checking': (snapshot) => {
      expect(snapshot.children.fetchWebgis).toBeDefined();
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.webgis).not.toBeNull();
    },
    'form.failed': (snapshot) => {
      // The state becomes error locally and the transition is cleared (none when the
      // create call itself failed: there is no instance to speak of).
      if (snapshot.context.webgis) {
        expect(snapshot.context.webgis.state).toBe('error');
        expect(snapshot.context.webgis.state_transition).toBeNull();
      }
    },
    created: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ webgis: started, existing: false });
    },
    timedOut: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ webgis: snapshot.context.webgis, existing: false });
      expect(snapshot.output?.webgis?.state).toBe('wait_for_create');
    },
    exists: (snapshot) => {
      // Nothing was asked of the server: the page ends with the instance there is.
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.request).toBeNull();
      expect(snapshot.output).toEqual({ webgis: started, existing: true });
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <CreateView snapshot={snapshot} send={() => {}} locale="en" />
      </Providers>
    ),
    states: {
      loading: loadingView('Loading…', 'form'),
      unavailable: () => {
        screen.getByText("Couldn't load the data centers. Please try again.");
        expect(enabled(screen.getByRole('button', { name: 'Try again' }))).toBe(true);
        expect(screen.queryByRole('form')).toBeNull();
      },
      form: (snapshot) => {
        expect(dialog()).toBeNull();
        form();
        // A refused address is explained at the address field.
        const refusal = screen.queryByText('This domain name is already taken');
        expect(refusal !== null).toBe('subdomain_name' in snapshot.context.serverErrors);
      },
      'form.editing': () => {
        expect(enabled(screen.getByRole('button', { name: 'Create' }))).toBe(true);
        expect(screen.queryByText(/could not be created/)).toBeNull();
      },
      'form.failed': () => {
        screen.getByText(
          'Your Web GIS could not be created. Try again, or choose another data center.',
        );
        expect(enabled(screen.getByRole('button', { name: 'Create' }))).toBe(true);
      },
      creating: blocked,
      polling: blocked,
      'polling.waiting': blocked,
      'polling.checking': blocked,
      created: () => expect(screen.getByRole('status').textContent).toContain('Opening'),
      timedOut: () => expect(screen.getByRole('status').textContent).toContain('Opening'),
      exists: () => {
        expect(screen.getByRole('status').textContent).toContain('Opening');
        expect(screen.queryByRole('form', { hidden: true })).toBeNull();
      },
    },
  },
});

describe('web GIS creation at production timings', () => {
  afterEach(() => vi.useRealTimers());

  function run(answers: () => Promise<Webgis | null>) {
    vi.useFakeTimers();
    const fetchWebgis = vi.fn(answers);
    const actor = createActor(
      webgisCreateMachine.provide({
        actors: {
          fetchOptions: fromPromise(async () => options),
          createWebgis: fromPromise(async () => created),
          fetchWebgis: fromPromise(fetchWebgis),
        },
      }),
      { input: { username: 'ann', language: 'en' } },
    );
    actor.start();
    return { actor, fetchWebgis };
  }

  async function submit(actor: ReturnType<typeof run>['actor']) {
    await vi.advanceTimersByTimeAsync(0);
    actor.send({
      type: 'form.submit',
      values: { subdomain_name: 'ann-gis', location_id: 'eu-central' },
    });
    await vi.advanceTimersByTimeAsync(0);
  }

  it('polls once a second for 60 s, then resolves with the last data', async () => {
    const { actor, fetchWebgis } = run(async () => pending);
    await submit(actor);
    expect(actor.getSnapshot().matches('polling')).toBe(true);
    await vi.advanceTimersByTimeAsync(59_900);
    expect(actor.getSnapshot().status).toBe('active');
    expect(fetchWebgis.mock.calls.length).toBeGreaterThanOrEqual(58);
    expect(fetchWebgis.mock.calls.length).toBeLessThanOrEqual(60);
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().output).toEqual({ webgis: pending, existing: false });
    const calls = fetchWebgis.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchWebgis.mock.calls.length).toBe(calls);
  });

  it('stops at started, a poll a second', async () => {
    let polls = 0;
    const { actor } = run(async () => (++polls < 3 ? pending : started));
    await submit(actor);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(actor.getSnapshot().matches('polling')).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().output).toEqual({ webgis: started, existing: false });
  });

  it('fails at the first polling error: state error, no transition', async () => {
    const { actor, fetchWebgis } = run(async () => {
      throw new Error('network down');
    });
    await submit(actor);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().value).toEqual({ form: 'failed' });
    expect(actor.getSnapshot().context.webgis).toMatchObject({
      state: 'error',
      state_transition: null,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchWebgis).toHaveBeenCalledTimes(1);
  });
});
