import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  promoCodeMachine,
  type PromoCheck,
  type PromoInput,
} from '../../machines/promo-code.machine.ts';
import { createCollector, type InspectorMessage } from '../../src/dev/inspector-protocol.ts';
import { InspectorView, emptyInspector, inspectorReducer } from '../../src/dev/inspector-view.tsx';

function runPromo(post: (message: InspectorMessage) => void) {
  const collector = createCollector(post, () => Date.UTC(2026, 10, 24, 9, 30));
  const actor = createActor(
    promoCodeMachine.provide({
      actors: {
        checkPromoCode: fromPromise<PromoCheck, PromoInput & { code: string }>(
          () => new Promise(() => {}),
        ),
      },
    }),
    { input: { plan: 'mini', period: 'monthly', currency: 'usd' }, inspect: collector.inspect },
  );
  actor.start();
  actor.send({ type: 'promo.edit', code: 'SAVE20' });
  actor.send({ type: 'promo.apply' });
  return { actor, collector };
}

describe('the offline inspector', () => {
  it("shows a running machine's chart with its current state and the events it received", () => {
    const messages: InspectorMessage[] = [];
    const { actor } = runPromo((message) => messages.push(message));
    // Told twice (live, then replayed to a page that opened late): shown once.
    const state = [...messages, ...messages].reduce(inspectorReducer, emptyInspector);
    render(<InspectorView actors={state.actors} />);

    const promo = screen.getByRole('region', { name: 'promoCode' });
    // The chart lists every state; only the one the machine is in is marked.
    for (const state of ['idle', 'no_coupon', 'success', 'failed', 'unknown_error']) {
      expect(within(promo).getByText(state).getAttribute('aria-current')).toBeNull();
    }
    expect(within(promo).getByText('checking').getAttribute('aria-current')).toBe('true');
    // The events it takes are beside each state.
    expect(within(promo).getByText('· promo.apply')).toBeTruthy();
    const events = within(promo).getByRole('list', { name: 'Events received by promoCode' });
    const received = within(events)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/^.*\s/, ''));
    expect(received).toEqual(['promo.apply', 'promo.edit', 'xstate.init']);
    actor.stop();
  });

  it('tells a page opened later everything that happened before', () => {
    const before: InspectorMessage[] = [];
    let listening = false;
    const late: InspectorMessage[] = [];
    const { actor, collector } = runPromo((message) => (listening ? late : before).push(message));
    listening = true;
    collector.receive({ kind: 'hello' });
    expect(late).toEqual(before);
    expect(late.some((m) => m.kind === 'actor' && m.name === 'promoCode')).toBe(true);
    actor.stop();
  });
});
