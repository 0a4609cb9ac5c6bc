/**
 * use-sync-external-store's shim brings `useSyncExternalStore` to React before 18;
 * React 19 has it, and the shim only hands it on. XState's and Lingui's React bindings
 * import the shim: the build gives them React's own instead (decision 0036).
 */
export { useSyncExternalStore } from 'react';
