// ESLint flat config: typescript-eslint's recommended set (without type information,
// see docs/decisions/0103), React hooks rules for the browser code, and the layering
// of design.md enforced as import restrictions; machines name every action in setup().
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server shares only contract/ with the SPA.
const serverSharesOnlyContract = {
  regex: '^\\.\\.?/(.*/)?(src|machines)(/|$)',
  message:
    'The server shares only contract/ with the SPA: browser code and flows ' +
    'must not end up in the server (design.md).',
};

// Domain code answers no HTTP itself (docs/decisions/0028).
const domainKnowsNoHttp = {
  regex: '^(hono(/|$)|@hono/|(\\.\\./)+http/)',
  message:
    'Domain code knows nothing of HTTP: throw a Refused (server/errors.ts) and ' +
    "let the domain's routes answer.",
};

// A request's cookies are parsed once, however many parts read them (server/http/cookies.ts).
const oneCookieParse = {
  name: 'hono/cookie',
  importNames: ['getCookie'],
  message:
    "Read a request's cookie with requestCookie (server/http/cookies.ts): one parse per request.",
};

// A route parses, calls one command of its domain and answers (design.md).
const noWritesInRoutes = ['db', 'tx'].flatMap((name) => [
  {
    selector: `CallExpression > MemberExpression.callee[property.name=/^(insert|update|delete|transaction|execute)$/][object.property.name='${name}']`,
    message: 'No database writes in routes: call a command of server/<domain>/.',
  },
  {
    selector: `CallExpression > MemberExpression.callee[property.name=/^(insert|update|delete|transaction|execute)$/][object.name='${name}']`,
    message: 'No database writes in routes: call a command of server/<domain>/.',
  },
]);

// Identity and billing throw what their refusals.ts declares, and nothing else.
const REFUSE_WITH_DECLARED =
  'Throw a refusal your domain declares: identityRefused / billingRefused of its refusals.ts ' +
  '(docs/decisions/0028); add the refusal there if it is new.';
const declaredRefusalsOnly = {
  regex: '^(\\.\\./)+errors\\.ts$',
  importNames: [
    'refused',
    'refusal',
    'notFound',
    'forbidden',
    'notAuthenticated',
    'invalidInput',
    'throttled',
    'fieldError',
    'fieldErrors',
  ],
  message: REFUSE_WITH_DECLARED,
};
const refusalsAsDeclared = [
  { selector: "NewExpression[callee.name='Refused']", message: REFUSE_WITH_DECLARED },
  {
    selector: 'ThrowStatement > NewExpression.argument[callee.name=/^(Error|HTTPException)$/]',
    message: `A plain Error is a fault (500), not a refusal. ${REFUSE_WITH_DECLARED}`,
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'storybook-static/',
      'coverage/',
      'src/routeTree.gen.ts',
      'docs/flows/',
      'server/db/migrations/',
      'data/',
      '.stryker-tmp*/',
      'reports/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // Type-only imports vanish under Node's type stripping and verbatimModuleSyntax.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: 'error',
    },
  },

  // Browser code: React hooks rules, browser globals, no stray console output.
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Errors go through the section-8 handlers; console output in the app is a leftover.
    rules: { 'no-console': 'error' },
  },
  // Node code: the server, scripts, tests and tool configs. View tests also run in jsdom.
  {
    files: ['server/**', 'scripts/**', 'test/**', '*.{js,ts}', '.storybook/main.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/views/**', 'test/setup.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // Machines read like their charts: every action is named in setup() (docs/decisions/0104),
  // so the Stately editor and docs/flows show what it does. Actions several machines share
  // are named by an `actions()` or `…Actions()` function (machines/form-parts.ts) whose
  // object setups spread.
  {
    files: ['machines/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name=/^(assign|emit|raise|sendTo|sendParent|cancel|log|enqueueActions)$/]:not(CallExpression[callee.name='setup'] > ObjectExpression > Property[key.name='actions'] > ObjectExpression > Property > CallExpression):not(FunctionDeclaration[id.name=/^actions$|Actions$/] > BlockStatement > ReturnStatement > ObjectExpression > Property > CallExpression)",
          message:
            'Name this action in setup({ actions }) and refer to it by name with params: ' +
            'inline actions show as xstate.assign in the charts product owners read.',
        },
      ],
    },
  },

  // Layering (design.md). Each message says why the import is refused.
  {
    files: ['machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A whitelist, so one message covers react, @chakra-ui, @emotion, @lingui,
              // ofetch, src/ and anything else (overlapping patterns would each report).
              regex: '^(?!(xstate|valibot)(/|$)|\\./|\\.\\./contract/)',
              message:
                'machines/ are pure XState flows (design.md) and import only xstate, valibot, ' +
                'contract/ and sibling machines: views draw the state (no React or Chakra), ' +
                'machines hold error codes that views translate (no Lingui), and effects are ' +
                'named actors provided from src/flows/ (no ofetch, nothing from src/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/views/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\.?/(.*/)?api(/|$)',
              message:
                'Views and components get live machines from src/flows/, which provides the ' +
                'API actors; calling src/api/ here would bypass the machine (design.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot(/|$)|\\./)',
              message:
                'contract/ is the one truth that src/, machines/ and server/ import: it may ' +
                'depend on valibot only, or it would drag one side into the other.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneCookieParse],
          patterns: [serverSharesOnlyContract],
        },
      ],
    },
  },
  {
    // The one parse of a request's cookies.
    files: ['server/http/cookies.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverSharesOnlyContract] }],
    },
  },
  {
    // A domain's commands and queries know nothing of HTTP: only its edge (routes.ts,
    // or routes/ when it has several files) imports Hono or server/http/, and turns
    // requests into calls and refusals into answers (docs/decisions/0028).
    files: ['server/*/**'],
    ignores: ['server/http/**', 'server/*/routes.ts', 'server/*/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverSharesOnlyContract, domainKnowsNoHttp],
        },
      ],
    },
  },
  {
    // A route parses, calls one command of its domain and answers (design.md): the
    // writes, and the transaction around them, live in server/<domain>/.
    files: ['server/*/routes.ts', 'server/*/routes/**'],
    rules: {
      'no-restricted-syntax': ['error', ...noWritesInRoutes],
    },
  },

  // Identity and billing refuse only what they declare (docs/decisions/0028): each throw
  // names a tag of its domain's refusals.ts, whose type the compiler checks. The shared
  // builders of server/errors.ts would take any code; a plain Error is a fault (500),
  // thrown only by the adapters of the outside world (providers, OAuth, the sandboxes).
  {
    files: ['server/identity/**', 'server/billing/**'],
    ignores: [
      'server/*/routes/**',
      'server/*/refusals.ts',
      'server/billing/providers/**',
      'server/billing/sandbox-settlement.ts',
      'server/identity/social/oauth.ts',
      'server/identity/social/sandbox.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverSharesOnlyContract, domainKnowsNoHttp, declaredRefusalsOnly] },
      ],
      'no-restricted-syntax': ['error', ...refusalsAsDeclared],
    },
  },
  {
    files: ['server/identity/routes/**', 'server/billing/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneCookieParse],
          patterns: [
            serverSharesOnlyContract,
            declaredRefusalsOnly,
            {
              regex: '^hono/http-exception$',
              message: 'A refusal is a value of its domain (refusals.ts), answered in app.onError.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...noWritesInRoutes, ...refusalsAsDeclared],
    },
  },
);
