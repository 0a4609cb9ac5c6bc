import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Binding, BindingList } from '../../contract/onpremise.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import {
  onpremiseMachine,
  PremiumRequired,
  type OnpremisePlan,
} from '../../machines/onpremise.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const binding = (id: number, label = ''): Binding => ({
  id,
  identifier: `ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ01-000${id}`,
  label,
  bound_at: '2026-11-20T10:00:00.000Z',
});
const first = binding(1, 'Office');
const second = binding(2);
const added = binding(3, 'Rack');
// A limit of two keeps the graph small: one bind from the first list fills it.
const roomy: BindingList = { bindings: [first], max: 2 };
const full: BindingList = { bindings: [second, first], max: 2 };

const ownPremium: OnpremisePlan = { plan: 'premium', team_plan: null };
const teamPremium: OnpremisePlan = { plan: 'mini', team_plan: 'premium' };
const free: OnpremisePlan = { plan: 'free', team_plan: null };

const taken = new FieldErrors([
  {
    field: 'identifier',
    code: 'identifier_taken',
    detail: 'This identifier is already bound to an account',
  },
]);

const valid = { identifier: ' abcd-efgh-ijkl-mnop-qrst-uvwx-yz01-0003 ', label: ' Rack ' };
const invalid = { identifier: 'ABCD-1234', label: '' };

describeMachinePaths(onpremiseMachine, {
  paths: 178,
  events: (snapshot) => [
    { type: 'plan.retry' },
    { type: 'bindings.retry' },
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: invalid },
    { type: 'field.edit', field: 'identifier' },
    { type: 'binding.unbind', id: 1 },
    // Not listed: the machine ignores it.
    { type: 'binding.unbind', id: 99 },
    { type: 'unbind.confirm' },
    { type: 'unbind.cancel' },
    ...internalEvents(snapshot, {
      fetchPlan: { output: [ownPremium, teamPremium, free] },
      fetchBindings: { output: [roomy, full] },
      bindIdentifier: {
        output: [added],
        error: [taken, new PremiumRequired(), new Error('network down')],
      },
      unbindIdentifier: { output: [undefined] },
    }),
  ],
  serialize: (snapshot) => ({
    viaTeam: snapshot.context.viaTeam,
    ids: snapshot.context.bindings.map((b) => b.id),
    full: snapshot.context.full,
    pending: snapshot.context.pending?.id ?? null,
    errors: Object.keys(snapshot.context.serverErrors),
    notice: snapshot.context.notice,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    unavailable: (snapshot) => {
      // The subscription could not be loaded: no plan known, only a retry.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.plan).toBeNull();
      expect(snapshot.can({ type: 'plan.retry' })).toBe(true);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    notAvailable: (snapshot) => {
      expect(snapshot.context.viaTeam).toBe(false);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    premium: (snapshot) => {
      const { plan } = snapshot.context;
      expect(plan?.plan === 'premium' || plan?.team_plan === 'premium').toBe(true);
      expect(snapshot.context.viaTeam).toBe(plan?.plan !== 'premium');
    },
    'premium.loading': (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    'premium.failed': (snapshot) => {
      // The list could not be loaded: the plan stays premium, nothing listed or bindable.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.bindings).toEqual([]);
      expect(snapshot.can({ type: 'bindings.retry' })).toBe(true);
      expect(snapshot.can({ type: 'plan.retry' })).toBe(false);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    'premium.ready': (snapshot) => {
      const { bindings, max, full: isFull } = snapshot.context;
      expect(max).toBe(2);
      expect(isFull).toBe(bindings.length >= max);
    },
    'premium.ready.idle': (snapshot) => {
      expect(snapshot.context.pending).toBeNull();
      // An identifier that is not listed cannot be unbound.
      expect(snapshot.can({ type: 'binding.unbind', id: 99 })).toBe(false);
    },
    'premium.ready.idle.notified': (snapshot) => expect(snapshot.context.notice).not.toBeNull(),
    'premium.ready.idle.quiet': (snapshot) => expect(snapshot.context.notice).toBeNull(),
    'premium.ready.binding': (snapshot) => {
      expect(snapshot.hasTag('binding')).toBe(true);
      expect(snapshot.context.full).toBe(false);
      // Normalized as the server would store it.
      expect(snapshot.context.request).toEqual({
        identifier: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ01-0003',
        label: 'Rack',
      });
    },
    'premium.ready.confirming': (snapshot) => expect(snapshot.context.pending).toEqual(first),
    'premium.ready.unbinding': (snapshot) => {
      expect(snapshot.hasTag('unbinding')).toBe(true);
      expect(snapshot.context.pending).toEqual(first);
    },
  },
});

describe('onpremise at production timings', () => {
  afterEach(() => vi.useRealTimers());

  function run(bind: () => Promise<Binding>) {
    vi.useFakeTimers();
    const actor = createActor(
      onpremiseMachine.provide({
        actors: {
          fetchPlan: fromPromise(async () => ownPremium),
          fetchBindings: fromPromise(async () => roomy),
          bindIdentifier: fromPromise(bind),
          unbindIdentifier: fromPromise<void, number>(async () => {}),
        },
      }),
    );
    actor.start();
    return actor;
  }

  it('shows the bound notice for 3 s, then clears it', async () => {
    const actor = run(async () => added);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'form.submit', values: valid });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'bound', added: 1, full: true });
    expect(actor.getSnapshot().context.bindings).toEqual([added, first]);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(actor.getSnapshot().context.notice).toBe('bound');
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('refuses a bind over the limit without calling the server', async () => {
    const bind = vi.fn(async () => added);
    const actor = run(bind);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'form.submit', values: valid });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({
      type: 'form.submit',
      values: { identifier: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ01-0004', label: '' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(bind).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.bindings).toHaveLength(2);
  });
});
