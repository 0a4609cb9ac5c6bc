// Reads a machine's structure (state nodes and transition definitions) for the flow
// export and the path-test coverage, so both name states and transitions the same way.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface TransitionInfo {
  /** Stable across `machine.provide()` copies: source id, event descriptor, index. */
  key: string;
  /** Human-readable: `login.form credentials.submit [isValid] → login.submitting`. */
  label: string;
  /** `credentials.submit`, `after pollInterval`, `done: submitLogin`, `always`. */
  event: string;
  guard: string | undefined;
  definition: AnyTransitionDefinition;
}

/** Every state node below the root, parents before children, in declaration order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values<AnyStateNode>(node.states)) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

/** The node's own transitions: `on`, `after`, invoke done/error, then `always`. */
export function transitionsOf(node: AnyStateNode): TransitionInfo[] {
  const infos: TransitionInfo[] = [];
  for (const [descriptor, definitions] of node.transitions) {
    definitions.forEach((definition, index) => {
      infos.push(describe(definition, descriptor, index, definitions.length));
    });
  }
  const always = node.always ?? [];
  always.forEach((definition, index) => {
    infos.push(describe(definition, 'always', index, always.length));
  });
  return infos;
}

/** Every transition definition of the machine, in state-node order. */
export function allTransitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap(transitionsOf);
}

/**
 * The key of a transition taken at run time. Transition objects differ between
 * `.provide()` copies, so the key is rebuilt from the position in its source node.
 */
export function keyOfTakenTransition(definition: AnyTransitionDefinition): string | undefined {
  const source = definition.source;
  const always = source.always ?? [];
  const alwaysIndex = always.indexOf(definition);
  if (alwaysIndex >= 0) return transitionKey(source.id, 'always', alwaysIndex);
  const index = source.transitions.get(definition.eventType)?.indexOf(definition) ?? -1;
  return index >= 0 ? transitionKey(source.id, definition.eventType, index) : undefined;
}

function transitionKey(sourceId: string, descriptor: string, index: number): string {
  return `${sourceId} ${descriptor} #${index}`;
}

function describe(
  definition: AnyTransitionDefinition,
  descriptor: string,
  index: number,
  siblings: number,
): TransitionInfo {
  const guard = guardLabel(definition.guard);
  const event = descriptor === 'always' ? 'always' : eventLabel(descriptor, definition.source.id);
  const targets = definition.target?.map((t: AnyStateNode) => t.id).join(', ') ?? '(stays)';
  // Only number transitions that share an event, so most labels stay short.
  const nth = siblings > 1 ? ` (#${index})` : '';
  return {
    key: transitionKey(definition.source.id, descriptor, index),
    label: `${definition.source.id} ${event}${guard ? ` [${guard}]` : ''}${nth} → ${targets}`,
    event,
    guard,
    definition,
  };
}

const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

/**
 * `after pollInterval`, `done: submitLogin`, `error: submitLogin`, or the event type
 * itself. `sourceId` strips the state id that XState appends to after-events.
 */
export function eventLabel(eventType: string, sourceId?: string): string {
  if (eventType.startsWith(AFTER)) {
    const rest = eventType.slice(AFTER.length);
    const suffix = sourceId === undefined ? undefined : `.${sourceId}`;
    const delay =
      suffix && rest.endsWith(suffix) ? rest.slice(0, -suffix.length) : rest.split('.')[0];
    return `after ${delay}`;
  }
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${eventType.slice(DONE_ACTOR.length)}`;
  if (eventType.startsWith(ERROR_ACTOR)) return `error: ${eventType.slice(ERROR_ACTOR.length)}`;
  if (eventType.startsWith(DONE_STATE)) return `done: ${eventType.slice(DONE_STATE.length)}`;
  return eventType;
}

/** The guard's name; higher-order guards as `and(isA, not(isB))`. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner: unknown = Reflect.get(guard, 'guards');
    const name = guard.name || 'inline';
    if (Array.isArray(inner)) return `${name}(${inner.map(guardLabel).join(', ')})`;
    return name;
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') {
    return guard.type;
  }
  return 'inline';
}
