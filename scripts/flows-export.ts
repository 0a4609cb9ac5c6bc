// npm run flows:export: writes docs/flows/<flow>.md (doc comment, Mermaid diagram) and
// docs/flows/<flow>.stately.js (the createMachine call Stately imports) for every
// machines/*.machine.ts, so product owners read the flows without reading code.
// test/lib/flows-committed.test.ts fails when the committed files differ.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOWS_DIR, isGenerated, renderFlows } from './lib/flows.ts';

mkdirSync(FLOWS_DIR, { recursive: true });
// Generated files only: a deleted machine must not leave its diagram behind.
for (const name of readdirSync(FLOWS_DIR)) {
  if (isGenerated(name)) rmSync(join(FLOWS_DIR, name));
}
const files = await renderFlows();
for (const [name, content] of files) writeFileSync(join(FLOWS_DIR, name), content);
console.log(`${FLOWS_DIR}: ${files.size / 2} flow(s) exported`);
