// The offline inspector's messages: what the app's actors tell the inspector page
// (inspector.html, development only) through a BroadcastChannel. Plain data, so it
// crosses windows; the page keeps its own picture of every running machine.
import type { AnyStateNode, InspectionEvent } from 'xstate';

export const INSPECTOR_CHANNEL = 'portal-inspector';

/** A state of a machine's chart: its name, the events it takes, its children. */
export interface ChartNode {
  key: string;
  type: string;
  events: string[];
  children: ChartNode[];
}

/** `seq` numbers what an app tab sent, so a page told twice (live, then replayed) counts once. */
export type InspectorMessage =
  | { kind: 'actor'; seq: number; id: string; name: string; chart: ChartNode }
  | { kind: 'state'; seq: number; id: string; value: unknown; status: string }
  | { kind: 'event'; seq: number; id: string; type: string; at: number }
  | { kind: 'hello' };

type Unnumbered<M> = M extends { seq: number } ? Omit<M, 'seq'> : never;

export function chartOf(node: AnyStateNode): ChartNode {
  return {
    key: node.key,
    type: node.type,
    events: node.ownEvents.filter((type: string) => !type.startsWith('xstate.')),
    children: Object.values<AnyStateNode>(node.states).map(chartOf),
  };
}

/** The chart of an actor's logic, when it is a machine (promise and callback actors have none). */
function machineRoot(logic: unknown): AnyStateNode | undefined {
  if (typeof logic !== 'object' || logic === null || !('root' in logic)) return undefined;
  return (logic as { root: AnyStateNode }).root;
}

/**
 * Turns XState's inspection events into messages, and keeps them, so an inspector page
 * opened later (it says `hello`) is told everything that happened before.
 */
export function createCollector(post: (message: InspectorMessage) => void, now = Date.now) {
  const log: InspectorMessage[] = [];
  const machines = new Set<string>();
  const send = (unnumbered: Unnumbered<InspectorMessage>) => {
    const message = { ...unnumbered, seq: log.length + 1 } as InspectorMessage;
    log.push(message);
    post(message);
  };
  return {
    inspect(event: InspectionEvent): void {
      const id = event.actorRef.sessionId;
      if (event.type === '@xstate.actor') {
        const root = machineRoot('logic' in event.actorRef ? event.actorRef.logic : undefined);
        if (!root) return;
        machines.add(id);
        send({ kind: 'actor', id, name: root.machine.id, chart: chartOf(root) });
      } else if (!machines.has(id)) {
        return;
      } else if (event.type === '@xstate.snapshot') {
        const snapshot = event.snapshot as { value?: unknown; status?: string };
        send({ kind: 'state', id, value: snapshot.value, status: snapshot.status ?? 'active' });
      } else if (event.type === '@xstate.event') {
        send({ kind: 'event', id, type: event.event.type, at: now() });
      }
    },
    /** A page that opened late asks; it gets the whole story so far. */
    receive(message: InspectorMessage): void {
      if (message.kind === 'hello') for (const earlier of log) post(earlier);
    },
  };
}

/** Whether a state of the chart is active in `value` (a machine snapshot's value). */
export function isActive(path: string[], value: unknown): boolean {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at === 'string') return at === key && path[path.length - 1] === key;
    if (typeof at !== 'object' || at === null || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}
