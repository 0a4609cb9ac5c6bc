import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOWS_DIR, isGenerated, placesOf, renderFlows } from '../../scripts/lib/flows.ts';
import { loadMachine, machineFiles } from '../../scripts/lib/machines.ts';

// Imported here as well, so that a change to any machine runs this test among its
// related ones (vitest --changed, npm run mutation): a changed target, event, guard,
// delay or tag changes the chart the product owners reviewed.
const machines = import.meta.glob('../../machines/*.machine.ts', { eager: true });

// The charts product owners read must be the machines that run.
describe('docs/flows', async () => {
  const expected = await renderFlows();
  const committed = readdirSync(FLOWS_DIR).filter(isGenerated).sort();

  it('holds exactly the exports of the machines (npm run flows:export)', () => {
    expect(committed).toEqual([...expected.keys()].sort());
    // A chart and a Stately file per machine.
    expect(expected.size).toBe(Object.keys(machines).length * 2);
  });

  it.each([...expected.entries()])(
    '%s matches its machine (npm run flows:export)',
    (name, text) => {
      const onDisk = committed.includes(name) ? readFileSync(join(FLOWS_DIR, name), 'utf8') : null;
      expect(onDisk, `${FLOWS_DIR}/${name} is stale: run npm run flows:export`).toBe(text);
    },
  );

  it('names every state in the Mermaid chart', () => {
    for (const [name, text] of expected) {
      if (!name.endsWith('.md')) continue;
      // A box's first line is its title: an invoke must never stand in for the name.
      for (const line of text.split('\n')) {
        const described = /^\s*(\w+) : (.*)$/.exec(line);
        if (!described) continue;
        const [, id, label] = described;
        const titled =
          text.includes(`state "`) && new RegExp(`state "[^"]+" as ${id}\\b`).test(text);
        expect(titled || label === id, `${name}: ${id} shows "${label}" without its name`).toBe(
          true,
        );
      }
    }
  });
});

/**
 * The places a flow still lacks under its machine's name, each to be closed (issue 36);
 * the test below fails on a gap not listed here, and on a listed gap that is closed, so
 * this list only shrinks. None is open: every flow has its machine, path test, view,
 * stories and (with actors) flow file by its name. A flow's Server place is never a gap:
 * none means its flow file calls no server (test/lib/flows-server.test.ts).
 */
const OPEN_GAPS: Record<string, string[]> = {};

describe('a flow by one name in its five places', async () => {
  const flows = await Promise.all(machineFiles().map((file) => loadMachine(file)));

  it.each(flows.map((flow) => [flow.base, flow] as const))(
    '%s: machine, path test, view, stories and flow file by its name',
    (base, flow) => {
      // No server domain is no gap: the flow calls no server.
      const missing = placesOf(flow)
        .filter((place) => place.path === null && place.place !== 'Server')
        .map((place) => place.place);
      expect(missing).toEqual(OPEN_GAPS[base] ?? []);
    },
  );

  it('lists open gaps of existing machines only', () => {
    const bases = flows.map((flow) => flow.base);
    expect(Object.keys(OPEN_GAPS).filter((base) => !bases.includes(base))).toEqual([]);
  });
});
