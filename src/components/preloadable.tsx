import { lazy, useState, type ComponentType } from 'react';

/**
 * A part loaded apart that draws at once where its module is already there. `lazy`
 * suspends at its first draw even then: the part came in a draw after the page's first
 * paint, an extra task, and moved what was beside it (decision 0009). Where the module
 * is still on its way, the part suspends as a lazy one does.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    // Chosen once per place: a part drawn lazily stays the same component after.
    const [Part] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Part {...props} />;
  }
  return { preload, Component: Preloaded };
}
