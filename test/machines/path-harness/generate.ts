// Turns a machine into test paths: one path per edge of its state graph (shortest path
// to the edge's source, then the edge), minus paths that are prefixes of others.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap } from 'xstate/graph';
import { stepLabel, toJson } from './events.ts';

export interface PathStep {
  event: EventObject;
  /** The snapshot the model predicts after `event`. */
  state: AnyMachineSnapshot;
}

export interface MachinePath {
  description: string;
  /** The input the machine starts with on this path. */
  input: unknown;
  initial: AnyMachineSnapshot;
  steps: PathStep[];
}

export interface TraversalOptions {
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  serialize?: ((snapshot: AnyMachineSnapshot) => unknown) | undefined;
  input?: unknown;
}

/** What makes two snapshots the same vertex: state value, status and (serialized) context. */
export function stateKey(
  snapshot: AnyMachineSnapshot,
  serialize?: (snapshot: AnyMachineSnapshot) => unknown,
): string {
  const context: unknown = serialize ? serialize(snapshot) : snapshot.context;
  return toJson({ value: snapshot.value, status: snapshot.status, context });
}

/**
 * Shortest paths alone reach every state but not every transition (two events into
 * the same state merge), so every edge gets its own path.
 */
export function generatePaths(machine: AnyStateMachine, options: TraversalOptions): MachinePath[] {
  const key = (snapshot: AnyMachineSnapshot) => stateKey(snapshot, options.serialize);
  const adjacency = getAdjacencyMap(machine, {
    input: options.input,
    // Only events the snapshot takes: a no-op event would make a path that proves nothing.
    events: (snapshot) => options.events(snapshot).filter((event) => snapshot.can(event)),
    serializeState: key,
    serializeEvent: toJson,
  });
  // The traversal starts at the initial snapshot, so it is the first vertex.
  const [first] = Object.values(adjacency);
  if (!first) return [];
  const initial = first.state;
  const initialKey = key(initial);
  const edges = new Map<string, PathStep[]>();
  for (const { state, event, nextState } of adjacencyMapToArray(adjacency)) {
    const from = key(state);
    edges.set(from, [...(edges.get(from) ?? []), { event, state: nextState }]);
  }

  const shortest = new Map<string, PathStep[]>([[initialKey, []]]);
  const queue = [initialKey];
  const candidates: PathStep[][] = [[]];
  for (let vertex = queue.shift(); vertex !== undefined; vertex = queue.shift()) {
    const prefix = shortest.get(vertex) ?? [];
    for (const { event, state } of edges.get(vertex) ?? []) {
      const steps = [...prefix, { event, state }];
      candidates.push(steps);
      const next = key(state);
      if (!shortest.has(next)) {
        shortest.set(next, steps);
        queue.push(next);
      }
    }
  }
  return dropPrefixes(candidates).map((steps) => ({
    description: describePath(initial, steps),
    input: options.input,
    initial,
    steps,
  }));
}

function dropPrefixes(paths: PathStep[][]): PathStep[][] {
  const sequences = paths
    .map((steps) => ({ steps, events: steps.map((step) => toJson(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length);
  const kept: typeof sequences = [];
  for (const path of sequences) {
    const isPrefix = kept.some((longer) => path.events.every((e, i) => longer.events[i] === e));
    if (!isPrefix) kept.push(path);
  }
  return kept.map((path) => path.steps);
}

function describePath(initial: AnyMachineSnapshot, steps: PathStep[]): string {
  const last = steps.at(-1)?.state ?? initial;
  const events = steps.map((step) => stepLabel(step.event));
  return `${events.length > 0 ? events.join(' → ') : 'start'} ⇒ ${formatValue(last.value)}`;
}

/** `work.waiting` for one active leaf, `{a.x, b.y}` for parallel regions. */
export function formatValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? key
      : `${key}.${formatValue(child)}`,
  );
  return parts.length === 1 ? (parts[0] ?? '') : `{${parts.join(', ')}}`;
}
