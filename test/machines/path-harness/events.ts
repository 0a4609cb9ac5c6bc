// The internal events (timers, invoked effects) a snapshot can receive, and how the
// harness names and serializes events.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { eventLabel } from '../../../scripts/lib/statechart.ts';

export type InternalEvent = EventObject & { output?: unknown; error?: unknown };

/** Per invoke id: the outputs to resolve it with and the errors to reject it with. */
export type Outcomes = Record<string, { output?: unknown[]; error?: unknown[] }>;

/**
 * The `xstate.after.*` events of the active states' timers and the
 * `xstate.done.actor.*` / `xstate.error.actor.*` events of their running invocations,
 * one event per output and per error given in `outcomes`. An invocation without
 * outcomes gets `output: undefined` and a plain Error, so pass outputs whenever the
 * machine reads them. Events the machine does not handle are dropped later by
 * `snapshot.can()`.
 */
export function internalEvents(
  snapshot: AnyMachineSnapshot,
  outcomes: Outcomes = {},
): InternalEvent[] {
  const events: InternalEvent[] = [];
  // `_nodes` (the active state nodes) is what xstate/graph itself reads.
  for (const node of snapshot._nodes) {
    for (const delayed of node.after) events.push({ type: delayed.eventType });
    for (const { id } of node.invoke) {
      const outputs = outcomes[id]?.output ?? [undefined];
      const errors = outcomes[id]?.error ?? [new Error(`${id} failed`)];
      for (const output of outputs) events.push({ type: `xstate.done.actor.${id}`, output });
      for (const error of errors) events.push({ type: `xstate.error.actor.${id}`, error });
    }
  }
  return events;
}

export type StepKind =
  | { kind: 'after' }
  | { kind: 'done'; invokeId: string }
  | { kind: 'error'; invokeId: string }
  | { kind: 'send' };

export function classify(event: EventObject): StepKind {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return { kind: 'after' };
  if (type.startsWith('xstate.done.actor.')) {
    return { kind: 'done', invokeId: type.slice('xstate.done.actor.'.length) };
  }
  if (type.startsWith('xstate.error.actor.')) {
    return { kind: 'error', invokeId: type.slice('xstate.error.actor.'.length) };
  }
  return { kind: 'send' };
}

/**
 * JSON that keeps Error fields: JSON.stringify turns every Error into `{}`, which
 * would merge different rejections into one event.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Error ? { ...inner, name: inner.name, message: inner.message } : inner,
  );
}

/** Short label for test names: `credentials.submit {"email":"a@b.c"}`, `after pollInterval`. */
export function stepLabel(event: EventObject): string {
  const { type, ...payload } = event;
  if (classify(event).kind === 'after' || Object.keys(payload).length === 0) {
    return eventLabel(type);
  }
  // Errors as `Error(message)`: their fields would crowd the test name.
  const json = JSON.stringify(payload, (_key, inner: unknown) =>
    inner instanceof Error ? `${inner.name}(${inner.message})` : inner,
  );
  return `${eventLabel(type)} ${json.length > 50 ? `${json.slice(0, 47)}…` : json}`;
}
