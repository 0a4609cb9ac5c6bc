import { registerHooks, type ResolveFnOutput } from 'node:module';

/**
 * Node's resolution reads the package scope of every file it resolves, and parses that
 * package's `package.json` again each time. drizzle-orm's is 178 KB (an `exports` entry
 * per module), which made two kinds of import expensive:
 *
 * - drizzle-orm's modules import each other by relative path some 500 times: a `.js`
 *   file beside its importer in a `"type": "module"` package. Those are resolved here,
 *   as Node would resolve them, without the lookup.
 * - The server's own modules import a package by name (`drizzle-orm/pg-core` from some
 *   fifty files): the first import of a name resolves through Node, the rest take its
 *   answer. The server's tree holds no `node_modules` folder of its own, so a name
 *   means the same package from every one of its files.
 *
 * Everything else goes to Node's own resolution.
 */
const NODE_MODULES = '/node_modules/';
const DRIZZLE = '/node_modules/drizzle-orm/';
const resolved = new Map<string, ResolveFnOutput>();

const packageName = (specifier: string) =>
  !specifier.startsWith('.') &&
  !specifier.startsWith('/') &&
  !specifier.startsWith('#') &&
  !/^[a-z]+:/.test(specifier);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith('file://')) return nextResolve(specifier, context);
    if (
      parent.includes(DRIZZLE) &&
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js')
    ) {
      const url = new URL(specifier, parent).href;
      if (url.includes(DRIZZLE)) return { url, format: 'module', shortCircuit: true };
    }
    if (!parent.includes(NODE_MODULES) && packageName(specifier)) {
      const key = `${specifier}\0${context.conditions.join()}`;
      const known = resolved.get(key);
      if (known) return known;
      const answer = nextResolve(specifier, context);
      resolved.set(key, { ...answer, shortCircuit: true });
      return answer;
    }
    return nextResolve(specifier, context);
  },
});
