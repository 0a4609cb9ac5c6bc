// The machine as a plain createMachine() config: the form Stately's importer reads.
// machine.toJSON() is the resolved definition (targets as arrays, `initial` as a
// transition object), which the importer does not take as is.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { guardLabel, transitionsOf, type TransitionInfo } from './statechart.ts';

type Config = Record<string, unknown>;

export function toStatelyConfig(machine: AnyStateMachine): Config {
  return { id: machine.id, ...nodeConfig(machine.root) };
}

function nodeConfig(node: AnyStateNode): Config {
  const config: Config = {};
  if (node.type !== 'atomic' && node.type !== 'compound') config.type = node.type;
  if (node.type === 'history') config.history = node.history;
  const [initial] = node.type === 'compound' ? node.initial.target : [];
  if (initial) config.initial = initial.key;
  if (node.description) config.description = node.description;
  if (node.tags.length > 0) config.tags = node.tags;
  addActions(config, 'entry', node.entry);
  addActions(config, 'exit', node.exit);

  const on: Record<string, Config[]> = {};
  const after: Record<string, Config[]> = {};
  const always: Config[] = [];
  const invokeHandlers = new Map<string, { onDone?: Config[]; onError?: Config[] }>();
  for (const info of transitionsOf(node)) {
    const transition = transitionConfig(info);
    const descriptor = info.definition.eventType;
    if (info.event === 'always') always.push(transition);
    else if (info.event.startsWith('after '))
      push(after, info.event.slice('after '.length), transition);
    else if (
      descriptor.startsWith('xstate.done.actor.') ||
      descriptor.startsWith('xstate.error.actor.')
    ) {
      const [, kind, , ...id] = descriptor.split('.');
      const handlers = invokeHandlers.get(id.join('.')) ?? {};
      const key = kind === 'done' ? 'onDone' : 'onError';
      handlers[key] = [...(handlers[key] ?? []), transition];
      invokeHandlers.set(id.join('.'), handlers);
    } else push(on, descriptor, transition);
  }
  if (node.invoke.length > 0) {
    config.invoke = node.invoke.map((invoke) => ({
      id: invoke.id,
      src: typeof invoke.src === 'string' ? invoke.src : invoke.id,
      ...invokeHandlers.get(invoke.id),
    }));
  }
  if (Object.keys(on).length > 0) config.on = on;
  if (Object.keys(after).length > 0) config.after = after;
  if (always.length > 0) config.always = always;
  const children = Object.values<AnyStateNode>(node.states);
  if (children.length > 0) {
    config.states = Object.fromEntries(children.map((child) => [child.key, nodeConfig(child)]));
  }
  return config;
}

function transitionConfig(info: TransitionInfo): Config {
  const { target, reenter, actions } = info.definition;
  const config: Config = {};
  if (target) {
    const ids = target.map((node: AnyStateNode) => `#${node.id}`);
    config.target = ids.length === 1 ? ids[0] : ids;
  }
  const guard = guardLabel(info.definition.guard);
  if (guard) config.guard = guard;
  if (reenter) config.reenter = true;
  addActions(config, 'actions', actions);
  return config;
}

function push(map: Record<string, Config[]>, key: string, value: Config): void {
  map[key] = [...(map[key] ?? []), value];
}

/**
 * Named actions only. XState's own (`xstate.raise` and `xstate.cancel`, which it puts
 * in entry and exit to run `after` transitions) are left out: `after` says it, and
 * machines/ name every action of their own (docs/decisions/0104).
 */
function addActions(config: Config, key: string, actions: readonly unknown[]): void {
  const names = actions
    .flatMap((action): string[] => {
      if (typeof action === 'string') return [action];
      if (typeof action === 'object' && action !== null && 'type' in action)
        return [String(action.type)];
      if (typeof action === 'function' && 'type' in action) return [String(action.type)];
      return [];
    })
    .filter((name) => !name.startsWith('xstate.'));
  if (names.length > 0) config[key] = names;
}
