import type { InspectionEvent, Observer } from 'xstate';

let inspector: Observer<InspectionEvent> | undefined;

/**
 * In development, `?inspect` in the address opens the Stately inspector on every
 * running machine. Loaded on demand, so it stays out of the production bundle.
 */
export async function enableInspector(search: string): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspector = createBrowserInspector().inspect;
}

/** Passed as `inspect` to every actor the app creates. */
export function inspect(event: InspectionEvent): void {
  inspector?.next?.(event);
}
