// node scripts/busy.ts <command> [args...]: runs the command while every core is kept
// busy by a spinning thread, as on a shared CI machine. The tests must not depend on
// how fast the machine is; this proves it for the suite it runs (CI runs the unit,
// machine and view tests this way).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { delimiter, dirname } from 'node:path';
import { Worker } from 'node:worker_threads';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/busy.ts <command> [args...]');
  process.exit(2);
}
const spin = 'for (;;) Math.sqrt(Math.random());';
const hogs = Array.from({ length: availableParallelism() }, () => new Worker(spin, { eval: true }));
console.log(`busy: ${hogs.length} spinning thread(s) beside: ${[command, ...args].join(' ')}`);
const child = spawn(command, args, {
  stdio: 'inherit',
  // A `#!/usr/bin/env node` script must find this Node, not an older one on the PATH.
  env: {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
  },
});
child.on('exit', (code, signal) => {
  for (const hog of hogs) void hog.terminate();
  process.exitCode = code ?? (signal ? 1 : 0);
});
