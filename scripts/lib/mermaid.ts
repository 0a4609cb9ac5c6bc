// A Mermaid stateDiagram-v2 of a machine, for docs/flows/*.md (GitHub renders it).
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { transitionsOf, type TransitionInfo } from './statechart.ts';

/** Root-level transitions (taken from any state) start at this pseudo-state. */
const ANY = 'any_state';

export function toMermaid(machine: AnyStateMachine): string {
  const edges = edgesByScope(machine);
  const lines = ['stateDiagram-v2'];
  if ((edges.get(machine.root.id) ?? []).some((line) => line.startsWith(`${ANY} `))) {
    lines.push(`  state "(any state)" as ${ANY}`);
  }
  writeScope(machine.root, 1, lines, edges);
  return `${lines.join('\n')}\n`;
}

/** Mermaid ids allow no dots: `work.waiting` becomes `work_waiting`. */
function mermaidId(node: AnyStateNode): string {
  return node.parent ? node.path.join('_').replace(/\W/g, '_') : ANY;
}

function writeScope(
  node: AnyStateNode,
  depth: number,
  lines: string[],
  edges: Map<string, string[]>,
): void {
  const pad = '  '.repeat(depth);
  const children = Object.values<AnyStateNode>(node.states);
  const [initial] = node.type === 'compound' ? node.initial.target : [];
  if (initial) lines.push(`${pad}[*] --> ${mermaidId(initial)}`);
  children.forEach((child, index) => {
    const id = mermaidId(child);
    // Parallel regions are separated by `--` inside the parallel state.
    if (node.type === 'parallel' && index > 0) lines.push(`${pad}--`);
    const name = child.type === 'history' ? `${child.key} (history)` : child.key;
    if (name !== id) lines.push(`${pad}state "${name}" as ${id}`);
    for (const invoke of child.invoke) lines.push(`${pad}${id} : invoke ${invoke.id}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${pad}state ${id} {`);
      writeScope(child, depth + 1, lines, edges);
      lines.push(`${pad}}`);
    }
    if (child.type === 'final') lines.push(`${pad}${id} --> [*]`);
  });
  for (const edge of edges.get(node.id) ?? []) lines.push(`${pad}${edge}`);
}

/**
 * Mermaid places a state in the block where it is first named, so each edge goes in
 * the innermost composite state holding both ends.
 */
function edgesByScope(machine: AnyStateMachine): Map<string, string[]> {
  const scopes = new Map<string, string[]>();
  const visit = (node: AnyStateNode) => {
    for (const info of transitionsOf(node)) {
      for (const target of info.definition.target ?? [node]) {
        const scope = node.parent ? commonScope(node, target) : machine.root;
        const line = `${mermaidId(node)} --> ${mermaidId(target)} : ${edgeLabel(info)}`;
        scopes.set(scope.id, [...(scopes.get(scope.id) ?? []), line]);
      }
    }
    for (const child of Object.values<AnyStateNode>(node.states)) visit(child);
  };
  visit(machine.root);
  return scopes;
}

function commonScope(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  for (let scope = source.parent; scope; scope = scope.parent) {
    if (target !== scope && isWithin(target, scope)) return scope;
  }
  return source.machine.root;
}

function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent)
    if (at === ancestor) return true;
  return false;
}

function edgeLabel(info: TransitionInfo): string {
  const label = info.guard ? `${info.event} [${info.guard}]` : info.event;
  // `;` ends a Mermaid statement.
  return label.replace(/;/g, ',');
}
