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

/** Lines under a state's name: its description, then the actors it invokes. */
function notesOf(node: AnyStateNode): string[] {
  const description = node.description ? [node.description.replace(/[;\n]/g, ' ')] : [];
  return [...description, ...node.invoke.map((invoke) => `invoke ${invoke.id}`)];
}

/**
 * Mermaid ids allow no dots: `work.waiting` becomes `work_waiting`. A box with notes
 * shows its first line as the title, and Mermaid drops a first line equal to the id,
 * so such a state's id differs from its name and the name is given as its label.
 */
function mermaidId(node: AnyStateNode): string {
  if (!node.parent) return ANY;
  const id = node.path.join('_').replace(/\W/g, '_');
  return id === node.key && notesOf(node).length > 0 ? `${id}_` : id;
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
    for (const note of notesOf(child)) lines.push(`${pad}${id} : ${note}`);
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
