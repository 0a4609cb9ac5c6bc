import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { UNUSED_PALETTES } from './src/theme/palettes.ts';

const devtoolsStub = {
  find: '@tanstack/devtools-event-client',
  replacement: '/src/stubs/devtools-event-client.ts',
};
/**
 * XState's and Lingui's React bindings import use-sync-external-store's shim, which
 * hands on React's own hook where React has one (React 18 and later): they take
 * React's hook and the selector variant written over it instead.
 */
const useSyncExternalStoreOfReact = [
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: '/src/stubs/use-sync-external-store-shim.ts',
  },
  {
    find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
    replacement: 'use-sync-external-store/with-selector',
  },
];
/**
 * React's JSX runtime is CommonJS: read as a module's property at each element drawn,
 * `(0, r.jsx)(…)`. The build has every module but the stand-in take its ES module
 * bindings from src/stubs/jsx-runtime.ts, which hands on React's own functions.
 */
function jsxRuntimeAsBindings(): Plugin {
  const stub = path.join(import.meta.dirname, 'src/stubs/jsx-runtime.ts');
  return {
    name: 'portal:jsx-runtime-as-bindings',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react/jsx-runtime' && importer !== stub) return stub;
    },
  };
}

/**
 * A machine state's `description` is the flow's documentation: the Stately export,
 * docs/flows and the path tests read it from the source; the built app never does.
 * The build leaves it out of every machine under machines/, where a state's object
 * names it and where a state is made by one of machines/load-parts.ts's functions,
 * which take it as a parameter named `description`: the call passes `undefined`.
 */
interface TextNode {
  type: string;
  expressions?: unknown[];
}
interface PropertyPath {
  node: { computed: boolean; key: { type: string; name?: string }; value: TextNode };
  remove(): void;
}
interface CallPath {
  node: { callee: { type: string; name?: string }; arguments: TextNode[] };
  scope: { getBinding(name: string): { kind: string; path: { parent: unknown } } | undefined };
  get(key: string): { replaceWith(node: unknown): void };
}
interface BabelApi {
  types: { identifier(name: string): unknown };
}
const isText = (node: TextNode | undefined) =>
  node?.type === 'StringLiteral' ||
  (node?.type === 'TemplateLiteral' && node.expressions?.length === 0);
const inMachines = (filename: string | undefined) => /[\\/]machines[\\/]/.test(filename ?? '');

/** Each function of machines/load-parts.ts that takes a description → where it takes it. */
function describingParts(): Map<string, number> {
  const source = readFileSync(path.join(import.meta.dirname, 'machines/load-parts.ts'), 'utf8');
  const parts = new Map<string, number>();
  for (const [, name = '', list = ''] of source.matchAll(
    /export function (\w+)(?:<[^(]*>)?\(([^)]*)\)/g,
  )) {
    const names = list.split(',').map((parameter) => /^\s*(\w+)/.exec(parameter)?.[1]);
    const at = names.indexOf('description');
    if (at >= 0) parts.set(name, at);
  }
  if (parts.size === 0) throw new Error('machines/load-parts.ts no longer takes a description');
  return parts;
}

function stripStateDescriptions({ types }: BabelApi) {
  const describing = describingParts();
  return {
    name: 'portal:strip-state-descriptions',
    visitor: {
      ObjectProperty(property: PropertyPath, state: { filename?: string }) {
        if (!inMachines(state.filename)) return;
        const { key, value, computed } = property.node;
        const named = !computed && key.type === 'Identifier' && key.name === 'description';
        if (named && isText(value)) property.remove();
      },
      CallExpression(call: CallPath, state: { filename?: string }) {
        const { callee } = call.node;
        const at = callee.type === 'Identifier' ? describing.get(callee.name ?? '') : undefined;
        if (at === undefined || !inMachines(state.filename)) return;
        const binding = call.scope.getBinding(callee.name ?? '');
        const from = (binding?.path.parent as { source?: { value?: string } } | undefined)?.source
          ?.value;
        if (binding?.kind !== 'module' || !from?.endsWith('/load-parts.ts')) return;
        if (isText(call.node.arguments[at]))
          call.get(`arguments.${at}`).replaceWith(types.identifier('undefined'));
      },
    },
  };
}

/**
 * Chakra's system builds its global styles (the reset, the base styles and every token
 * as a CSS variable) when the app starts, and Emotion parses them into the page: the
 * largest piece of the first page's start-up work. The app's build writes them into
 * index.html once instead (src/theme/static-styles.ts) and leaves them out of the
 * system it ships, with the definitions only they read: the base styles and the
 * keyframes' bodies (the system keeps the keyframes' names). Storybook's build and the
 * dev server keep Chakra's own way.
 */
function staticThemeStyles(): Plugin {
  // What the system computes and offers for its global styles, none of which the app
  // then needs: without them, the reset's definitions leave the bundle too.
  const replaced = [
    ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
    ['    getTokenCss,\n    getGlobalCss,\n    getPreflightCss,\n', ''],
  ] as const;
  const chakra = String.raw`[\/]@chakra-ui[\/]react[\/]dist[\/]esm[\/]`;
  const systemModule = new RegExp(String.raw`${chakra}styled-system[\/]system\.js$`);
  // The system reads the keyframes' names alone (`animationName`'s values).
  const keyframesModule = new RegExp(String.raw`${chakra}theme[\/]tokens[\/]keyframes\.js$`);
  const globalCssModule = new RegExp(String.raw`${chakra}theme[\/]global-css\.js$`);
  function keyframeNamesOnly(this: { error(message: string): never }, code: string): string {
    const names = [...code.matchAll(/^ {2}("[\w-]+"|\w+): \{$/gm)].map((match) => match[1]);
    const defined = code.match(/^ {2}[^\s/]/gm)?.length;
    // Each definition opens and closes on a line of its own at the first indent.
    if (names.length === 0 || defined !== names.length * 2)
      this.error("Chakra's keyframes no longer read as expected");
    return `export const keyframes = {${names.map((name) => `${name}: {}`).join(', ')}};`;
  }
  let app = false;
  return {
    name: 'portal:static-theme-styles',
    apply: 'build',
    // The app's build reads index.html, its server build names the server's entry;
    // Storybook's names its own entry.
    configResolved: (config) =>
      void (app = Boolean(config.build.ssr) || !config.build.rolldownOptions.input),
    transform(code, id) {
      if (!app) return;
      if (keyframesModule.test(id)) return keyframeNamesOnly.call(this, code);
      if (globalCssModule.test(id)) return 'export const globalCss = {};';
      if (!systemModule.test(id)) return;
      for (const [from, to] of replaced) {
        if (!code.includes(from))
          this.error(`Chakra's system no longer has ${JSON.stringify(from)}`);
        code = code.replace(from, to);
      }
      return code;
    },
    async transformIndexHtml(html) {
      if (!app) return html;
      const { themeStyleElement } = await import('./src/theme/static-styles.ts');
      return html.replace('</head>', `  ${themeStyleElement()}\n  </head>`);
    },
  };
}

/**
 * The component library's anatomies (the part names of each component) are built at
 * module level with method calls, `anatomy.build()` and `anatomy.extendWith(…)`, which
 * the bundler must read as side effects: every component's anatomy stayed in the bundle,
 * most of them on the first visit (Chakra's anatomy module names them all). They have
 * none: the build marks them pure, so only the anatomies a recipe or component uses stay.
 */
function pureAnatomies(): Plugin {
  const anatomyModule =
    /[\\/]node_modules[\\/](@zag-js[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.anatomy\.mjs|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][^\\/]+[\\/][^\\/]+\.anatomy\.js|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js)$/;
  return {
    name: 'portal:pure-anatomies',
    apply: 'build',
    transform(code, id) {
      if (!anatomyModule.test(id)) return;
      return code.replace(
        /= ([\w$]+)\.(build|extendWith)\(/g,
        (_, name: string, method: string) => `= /* @__PURE__ */ ${name}.${method}(`,
      );
    },
  };
}

/**
 * The headless components under Chakra's export each component's parts twice: by
 * name (`FieldRoot`) and as one object of them all (`Field`), which Chakra's modules
 * read (`Field.Root`). An object keeps every part it holds, so the sign-in page's
 * fields brought the text area with its auto-resize, and each later page the parts it
 * never draws. The build rewrites those reads to the parts' names, so the bundler
 * keeps only the parts drawn.
 */
function headlessPartsByName(): Plugin {
  const chakraModule = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]/;
  const headlessImport = /import \{([^}]*)\} from '(@ark-ui\/react\/[\w-]+)';/g;

  // Read once per object, not once per Chakra module importing it.
  const known = new Map<string, Promise<Map<string, string>>>();
  const partNames = (index: string, object: string) => {
    const key = `${index}\0${object}`;
    let names = known.get(key);
    if (names === undefined) known.set(key, (names = readPartNames(index, object)));
    return names;
  };

  /** The names of an object's parts (`Root` → `FieldRoot`), read from its module. */
  async function readPartNames(index: string, object: string): Promise<Map<string, string>> {
    const source = await readFile(index, 'utf8');
    const exported = new RegExp(`(\\w+_exports) as ${object}\\b`).exec(source)?.[1];
    const file =
      exported && new RegExp(`import \\{ ${exported} \\} from "([^"]+)"`).exec(source)?.[1];
    if (!file) return new Map();
    const parts = await readFile(path.join(path.dirname(index), file), 'utf8');
    return new Map(
      [...parts.matchAll(/\t(\w+): \(\) => (\w+)/g)].map(([, part = '', name = '']) => [
        part,
        name,
      ]),
    );
  }

  return {
    name: 'portal:headless-parts-by-name',
    apply: 'build',
    async transform(code, id) {
      if (!chakraModule.test(id) || !code.includes("from '@ark-ui/react/")) return;
      let rewritten = code;
      for (const [statement, names = '', from = ''] of code.matchAll(headlessImport)) {
        const index = (await this.resolve(from, id))?.id;
        const kept: string[] = [];
        for (const name of names.split(',').map((part) => part.trim())) {
          if (name === '') continue;
          const read = new RegExp(`(?<![\\w$.])${name}\\.([A-Z]\\w*)`, 'g');
          const whole = new RegExp(`(?<![\\w$.])${name}(?![\\w$.])`, 'g');
          const parts = new Set([...rewritten.matchAll(read)].map((match) => match[1] ?? ''));
          // Read whole anywhere but in its import, or a part without a name: left as it is.
          if (!index || parts.size === 0 || rewritten.match(whole)?.length !== 1) {
            kept.push(name);
            continue;
          }
          const named = await partNames(index, name);
          if ([...parts].some((part) => !named.has(part))) {
            kept.push(name);
            continue;
          }
          const local = (part: string) => `$${name}${part}`;
          rewritten = rewritten.replace(read, (_, part: string) => local(part));
          kept.push(...[...parts].map((part) => `${named.get(part)} as ${local(part)}`));
        }
        rewritten = rewritten.replace(statement, `import { ${kept.join(', ')} } from '${from}';`);
      }
      return rewritten;
    },
  };
}

/**
 * A portal's content (a dialog, a menu, a toast) is drawn where it belongs, in the
 * document's body, once the page is the app's: the headless components' portal draws it
 * in place on the server and while React takes a server's page over, then moves it, so
 * a dialog the page opens at once (the social sign-up's terms) was drawn twice, and a
 * click on the first copy was lost. Here it draws nothing until then (decision 0034); a
 * page the browser draws itself is not hydrated and has its portals at once.
 */
function portalsAfterHydration(): Plugin {
  const portalModule = /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]portal[\\/]portal\.js$/;
  const inPlace = 'if (isServer || disabled) return /* @__PURE__ */ jsx(Fragment$1, { children });';
  return {
    name: 'portal:portals-after-hydration',
    apply: 'build',
    transform(code, id) {
      if (!portalModule.test(id)) return;
      if (!code.includes(inPlace))
        this.error(`Ark's portal no longer reads ${JSON.stringify(inPlace)}`);
      return code.replace(
        inPlace,
        'if (disabled) return /* @__PURE__ */ jsx(Fragment$1, { children });\n\tif (isServer) return null;',
      );
    },
  };
}

/**
 * Chakra's theme defines ten colour palettes, as colours and as the semantic tokens
 * over them; the app's screens use five (src/theme/system.ts). The build drops the
 * others' definitions from the two token modules, so their bytes leave the first visit.
 */
function withoutUnusedPalettes(): Plugin {
  const tokenModule =
    /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](tokens|semantic-tokens)[\\/]colors\.js$/;
  const names = [...UNUSED_PALETTES].join('|');
  const palette = new RegExp(`\\n  (${names}): \\{[\\s\\S]*?\\n  \\},?`, 'g');
  return {
    name: 'portal:without-unused-palettes',
    apply: 'build',
    transform(code, id) {
      if (!tokenModule.test(id)) return;
      const kept = code.replace(palette, '');
      if (kept === code) this.error(`Chakra's ${id} no longer names its palettes as expected`);
      return kept;
    },
  };
}

/**
 * Where a signed-in page's own code starts: the account pages' routes and the signed-in
 * shell's parts (the user menu, the sidebar, the phone's sections drawer, the session's
 * team and web GIS calls).
 */
const ACCOUNT_ROOT =
  /[\\/]src[\\/](routes[\\/]\$locale[\\/]_account|components[\\/](user-area|sidebar|sections-drawer)\.tsx|api[\\/](teams|webgis)\.api\.ts)/;

/** The component library's toasts: only the toaster (loaded with the first error) shows them. */
const TOAST_PART = /[\\/]toast([\\/]|\.js$)/;
/** Its menu and tooltip with their positioning: only the header's user area shows them. */
const MENU_PART = /[\\/](menu|tooltip|popper)([\\/]|\.js$)|[\\/]@floating-ui[\\/]/;
/** The user area's popups over them, loaded after a signed-in page has drawn. */
const POPUPS = /[\\/]src[\\/]components[\\/]user-area-popups\.tsx$/;

/** The entries and lazily loaded modules whose static imports reach a module. */
function rootsOf(id: string, graph: ChunkingContext): string[] {
  const roots: string[] = [];
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next);
    if (!info || info.isEntry || info.dynamicImporters.length > 0) roots.push(next);
    for (const importer of info?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return roots;
}

/**
 * The chunk of a module the first page does not run, where signed-in pages use it:
 * `account` for the app's code only they use, `ui` for the component library's lazily
 * loaded parts and the app's components over them, `common` for the rest of the app's
 * code they share with a visitor's pages (schemas, calls). Of a part the component
 * library's index exports, its importers do not tell which pages use it, so every such
 * part goes into `ui`, but the few that one module alone shows, so that a visitor's page
 * does not load them with `ui`: the toasts stay with the toaster, the user menu's parts
 * come in `menu` with the user area's popups, which load after the page has drawn.
 * Anything else keeps the bundler's own splitting.
 */
function signedInChunkOf(id: string, graph: ChunkingContext): string | null {
  if (POPUPS.test(id)) return 'menu';
  const roots = rootsOf(id, graph);
  const account = roots.filter((root) => ACCOUNT_ROOT.test(root)).length;
  if (account === 0) return null;
  // A stub stands in for a library's module (the devtools client TanStack Form's classes
  // extend): it goes where the library's modules go, or their chunks import each other.
  if (/[\\/](node_modules|src[\\/]stubs)[\\/]/.test(id)) {
    if (TOAST_PART.test(id)) return null;
    return MENU_PART.test(id) ? 'menu' : 'ui';
  }
  if (account === roots.length) return 'account';
  return /[\\/]src[\\/](components|forms)[\\/]/.test(id) ? 'ui' : 'common';
}

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/**
 * Brotli and gzip twins of every built text file over 1 KB, made once at build at the
 * highest levels, so the server sends them as they are (server/spa.ts). index.html is
 * left out: the server writes the locale into it per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      for (const name of await readdir(outDir, { recursive: true })) {
        const file = path.join(outDir, name);
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        if ((await stat(file)).size < 1024) continue;
        const body = await readFile(file);
        await writeFile(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The server's build of the app (`vite build --ssr src/entry-server.tsx`, decision 0034):
 * one module the server imports, in a hidden folder of the app's build, which the server
 * never serves as a file. Without the browser's chunks, twins and manifest.
 */
const serverBuild = {
  outDir: 'dist/.server',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node22',
  // One module of every page, read from disk once: its size costs no download.
  chunkSizeWarningLimit: 4096,
  rolldownOptions: { output: { codeSplitting: false } },
} as const;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // The shell and the sign-in page are the first visit: they ship with the
      // entry, every other page loads when it is visited.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          routeId === '/$locale' || routeId === '/$locale/login/$step' ? [] : undefined,
      },
    }),
    react(),
    jsxRuntimeAsBindings(),
    babel({
      presets: [linguiTransformerBabelPreset()],
      plugins: command === 'build' ? [stripStateDescriptions] : [],
    }),
    lingui(),
    staticThemeStyles(),
    pureAnatomies(),
    withoutUnusedPalettes(),
    headlessPartsByName(),
    portalsAfterHydration(),
    isSsrBuild ? null : precompress(),
  ],
  resolve: {
    alias: [...useSyncExternalStoreOfReact, ...(command === 'build' ? [devtoolsStub] : [])],
  },
  // The server's build takes the libraries in too, through the same transforms as the
  // browser's (the theme's global styles left to index.html).
  // React's production build, as the browser's: the same markup, without the checks.
  ssr: isSsrBuild ? { noExternal: true } : {},
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: { proxy: { '/api': apiTarget, '/sandbox': apiTarget, '/dev/mailbox': apiTarget } },
  build: isSsrBuild
    ? serverBuild
    : {
        target: 'es2022',
        sourcemap: false,
        // dist/.vite/manifest.json: the server finds each locale's catalog in it to preload.
        manifest: true,
        rolldownOptions: {
          // Chakra's theme module builds its default config with an unannotated call of
          // defineConfig (an identity function): read as a side effect, it kept a piece of
          // every recipe in the bundle, even of components the app never shows. Emotion
          // imports hoist-non-react-statics, a CommonJS module without side effects, once
          // for nothing but its side effects: that kept it and react-is on the first visit.
          // Chakra makes each part of a component at module level with unannotated calls
          // (`withContext(Menu.RadioItem, …)`, `chakra('div', …)`, React's `forwardRef`),
          // which kept every part of each component the app draws a part of (the menu's
          // radio and checkbox items, the field's text area): they only make components.
          treeshake: {
            manualPureFunctions: [
              'defineConfig',
              'createAnatomy',
              'withContext',
              'withProvider',
              'withRootProvider',
              'withPropsProvider',
              'createSlotRecipeContext',
              'createRecipeContext',
              'chakra',
              'forwardRef',
              'createIcon',
            ],
            moduleSideEffects: (id) =>
              /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/.test(id) ? false : undefined,
          },
          output: {
            // Everything the first page needs in one chunk (the entry and every module it
            // imports statically): split across many small shared chunks it compresses
            // worse and costs more requests. The group takes the modules the first page
            // runs, not everything they import: Chakra's theme module imports every recipe,
            // and following its imports pulled the recipes only later pages use into this
            // chunk. A signed-in page's code comes in four more (`signedInChunkOf`), which
            // the page's HTML names beside the main script (server/page-preloads.ts): split
            // by page, it came in twenty files, which HTTP/1.1's six connections fetched in
            // five round trips (decision 0009). A visitor's lazy pages keep the bundler's
            // own splitting. Rolldown's runtime helpers are not a module a group can take:
            // they load beside the main chunk, in a chunk of their own.
            codeSplitting: {
              groups: [
                {
                  name: 'index',
                  tags: ['$initial'],
                  includeDependenciesRecursively: false,
                  priority: 1,
                },
                { name: signedInChunkOf, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
  test: {
    // A file on every core (vitest's default leaves one idle): the files of the unit and
    // server projects share nothing (each its own database and ports); the faults and
    // end-to-end projects run one file at a time.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/{machines,views,lib}/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup.ts'],
          // A view test types and renders in jsdom: on a busy machine that takes longer
          // than the 5-second default, never forever.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'test/server/**/*.test.ts',
            'test/security/**/*.test.ts',
            // Several server processes on one database: PostgreSQL only.
            ...(process.env.DATABASE_URL ? ['test/server/**/*.pg-test.ts'] : []),
          ],
          setupFiles: ['test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Real server processes on a PostgreSQL of the tests' own, which they take away.
          name: 'faults',
          environment: 'node',
          include: ['test/faults/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          // What the page shows after a server round trip: on a busy machine that can
          // take longer than expect.poll's 1-second default.
          expect: { poll: { timeout: 30_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
