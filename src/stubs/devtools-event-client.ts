/**
 * The production build's stand-in for @tanstack/devtools-event-client. TanStack Form
 * reports every form change to a devtools bus and, without one, retries a connection
 * every second; production has no devtools, so both are dropped (decision 0009).
 * Only what form-core calls is here: `emit` and `on`.
 */
export class EventClient {
  constructor(_options: { pluginId: string; reconnectEveryMs?: number }) {}
  emit(_event: string, _payload?: unknown): void {}
  on(_event: string, _handler: (payload: unknown) => void): () => void {
    return () => {};
  }
}
