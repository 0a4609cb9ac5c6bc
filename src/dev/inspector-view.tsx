// The offline inspector's page: every machine the app runs, its chart with the active
// states marked, and the events it received. Plain elements: it is a development tool
// and loads nothing the app does not already have.
import type { ReactElement } from 'react';
import { isActive, type ChartNode, type InspectorMessage } from './inspector-protocol.ts';

export interface InspectedActor {
  id: string;
  name: string;
  chart: ChartNode;
  value: unknown;
  status: string;
  events: { type: string; at: number }[];
}

export interface InspectorState {
  actors: InspectedActor[];
  /** The `seq` of every message taken, so a replayed one is not taken twice. */
  seen: ReadonlySet<number>;
}

export const emptyInspector: InspectorState = { actors: [], seen: new Set() };

const EVENTS_KEPT = 50;

export function inspectorReducer(state: InspectorState, message: InspectorMessage): InspectorState {
  if (message.kind === 'hello' || state.seen.has(message.seq)) return state;
  const seen = new Set(state.seen).add(message.seq);
  if (message.kind === 'actor') {
    const { id, name, chart } = message;
    const actor = { id, name, chart, value: null, status: 'active', events: [] };
    return { seen, actors: [...state.actors, actor] };
  }
  const actors = state.actors.map((actor) => {
    if (actor.id !== message.id) return actor;
    if (message.kind === 'state') return { ...actor, value: message.value, status: message.status };
    const events = [{ type: message.type, at: message.at }, ...actor.events];
    return { ...actor, events: events.slice(0, EVENTS_KEPT) };
  });
  return { seen, actors };
}

function ChartTree({ node, path, value }: { node: ChartNode; path: string[]; value: unknown }) {
  const active = isActive(path, value);
  return (
    <li>
      <span
        data-active={active || undefined}
        aria-current={active ? 'true' : undefined}
        style={{
          fontWeight: active ? 700 : 400,
          background: active ? '#dbeafe' : 'transparent',
          padding: '0 4px',
        }}
      >
        {node.key}
        {node.type === 'final' ? ' (final)' : ''}
      </span>
      {node.events.length > 0 && <span style={{ color: '#555' }}> · {node.events.join(', ')}</span>}
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <ChartTree key={child.key} node={child} path={[...path, child.key]} value={value} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function InspectorView({ actors }: { actors: InspectedActor[] }): ReactElement {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1>Flows running in the portal</h1>
      {actors.length === 0 && (
        <p>No machine yet: open the portal with ?inspect in its address, in this browser.</p>
      )}
      {actors.map((actor) => (
        <section key={actor.id} aria-label={actor.name} style={{ marginBottom: 24 }}>
          <h2>
            {actor.name} <small>({actor.status})</small>
          </h2>
          <ul>
            {actor.chart.children.map((child) => (
              <ChartTree key={child.key} node={child} path={[child.key]} value={actor.value} />
            ))}
          </ul>
          <h3>Events received</h3>
          <ol aria-label={`Events received by ${actor.name}`}>
            {actor.events.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <time dateTime={new Date(event.at).toISOString()}>
                  {new Date(event.at).toLocaleTimeString()}
                </time>{' '}
                {event.type}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </main>
  );
}
