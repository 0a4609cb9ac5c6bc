// What a mutant of a machine may not touch, because it is not behaviour (npm run mutation):
// - a state's `description` (documentation: the exported flows and the manual test plan
//   carry it, and test/lib/flows-committed.test.ts keeps them in step);
// - setup's `types` (TypeScript only: nothing of it exists at run time);
// - an actor's placeholder, a function that only throws "… is provided by the app" (the
//   app provides every actor; no test runs the placeholder);
// - the root `id` of createMachine (the name the flow's files and reports go by).
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

type Node = {
  type: string;
  name?: string;
  value?: unknown;
  key?: Node;
  body?: Node | Node[];
  argument?: Node;
  arguments?: Node[];
  callee?: Node;
  property?: Node;
};
type Path = { node: Node; parentPath: Path | null };

const keyName = (node: Node | undefined) =>
  node?.type === 'Identifier' ? node.name : node?.type === 'StringLiteral' ? node.value : undefined;

/** A function whose whole body is `throw new Error('… is provided by the app')`. */
function isPlaceholder(node: Node): boolean {
  if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression') return false;
  const body = node.body;
  const statements =
    body && !Array.isArray(body) && body.type === 'BlockStatement' ? body.body : [];
  if (!Array.isArray(statements) || statements.length !== 1) return false;
  const thrown = statements[0];
  const message = thrown?.type === 'ThrowStatement' ? thrown.argument?.arguments?.[0] : undefined;
  return typeof message?.value === 'string' && message.value.endsWith('is provided by the app');
}

const isCreateMachineCall = (node: Node | undefined) =>
  node?.type === 'CallExpression' && keyName(node.callee?.property) === 'createMachine';

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'not-behaviour', {
    shouldIgnore(path: Path): string | undefined {
      const { node, parentPath } = path;
      if (node.type === 'ObjectProperty') {
        const key = keyName(node.key);
        if (key === 'description') return 'a description is documentation';
        if (key === 'types') return "setup's types exist only for TypeScript";
        const call = parentPath?.parentPath?.node;
        if (key === 'id' && isCreateMachineCall(call)) return "the machine's name";
      }
      if (isPlaceholder(node)) return 'a placeholder the app replaces';
      return undefined;
    },
  }),
];
