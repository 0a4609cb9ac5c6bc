import { registerHooks } from 'node:module';

/**
 * drizzle-orm's modules import each other by relative path some 500 times, and for
 * every one of those Node reads the package's scope, whose 178 KB package.json (an
 * `exports` entry per module) it parses again each time: about 0.4 s of every start.
 * Those imports are plain: a `.js` file beside its importer in a `"type": "module"`
 * package. So they are resolved here, as Node would resolve them, without the lookup.
 * Everything else goes to Node's own resolution.
 */
const DRIZZLE = '/node_modules/drizzle-orm/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith('file://') &&
      parent.includes(DRIZZLE) &&
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js')
    ) {
      const url = new URL(specifier, parent).href;
      if (url.includes(DRIZZLE)) return { url, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
