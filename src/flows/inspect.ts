import type { InspectionEvent } from 'xstate';

let inspector: ((event: InspectionEvent) => void) | undefined;

/**
 * In development, `?inspect` in the address sends every running machine's states and
 * events to the offline inspector page (/inspector.html, opened in a new tab), which
 * draws each machine's chart with its current state. Loaded on demand, so it stays out
 * of the production bundle.
 */
export async function enableInspector(search: string): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return;
  const { INSPECTOR_CHANNEL, createCollector } = await import('../dev/inspector-protocol.ts');
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  const collector = createCollector((message) => channel.postMessage(message));
  channel.onmessage = (message: MessageEvent) => collector.receive(message.data);
  inspector = collector.inspect;
  // A blocked pop-up is no loss: the page can be opened by hand and catches up.
  window.open('/inspector.html', 'portal-inspector');
}

/** Passed as `inspect` to every actor the app creates. */
export function inspect(event: InspectionEvent): void {
  inspector?.(event);
}
