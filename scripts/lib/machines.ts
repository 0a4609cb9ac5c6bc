// Finds the flows: every machines/<flow>.machine.ts and the `*Machine` it exports.
import { readdirSync, existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

export interface MachineFile {
  /** `payment-status` for machines/payment-status.machine.ts */
  base: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export function machineFiles(dir = 'machines'): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.machine.ts'))
    .sort()
    .map((name) => join(dir, name));
}

/** Imports the file (Node strips the types) and picks its exported machine. */
export async function loadMachine(file: string): Promise<MachineFile> {
  const module: Record<string, unknown> = await import(pathToFileURL(resolve(file)).href);
  const base = basename(file, '.machine.ts');
  const expected = `${base.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Machine`;
  const found = Object.entries(module).filter(
    (entry): entry is [string, AnyStateMachine] =>
      entry[0].endsWith('Machine') && entry[1] instanceof StateMachine,
  );
  const [exportName, machine] = found.find(([name]) => name === expected) ?? found[0] ?? [];
  if (!exportName || !machine)
    throw new Error(`${file} exports no *Machine (expected ${expected})`);
  return { base, file, exportName, machine };
}
