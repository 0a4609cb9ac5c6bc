import { expect } from 'vitest';
import type { Distribution, OperatingSystem, ProductId, Release } from '../../contract/software.ts';
import { groupReleases, softwareListMachine } from '../../machines/software-list.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const release = (
  id: number,
  product: ProductId,
  os: OperatingSystem,
  dist: Distribution,
): Release => ({
  id,
  name: `${product} ${os} ${dist}`,
  product,
  version: '1.0.0',
  tags: ['latest'],
  options: { os, dist },
  files: [{ id, name: `${product}.bin`, size: 10, link: `/api/v1/releases/${id}/download` }],
});

// Out of order on purpose: the machine keeps them by product, system and variant.
const releases = [
  release(4, 'tracker', 'android', 'network'),
  release(2, 'qgis', 'win64', 'standalone'),
  release(1, 'qgis', 'win64', 'network'),
  release(3, 'qgis', 'mac', 'network'),
];

describeMachinePaths(softwareListMachine, {
  paths: 3,
  events: (snapshot) => [
    { type: 'releases.retry' },
    ...internalEvents(snapshot, { fetchReleases: { output: [releases, []] } }),
  ],
  serialize: (snapshot) => ({ products: snapshot.context.products.length }),
  states: {
    loaded: (snapshot) => {
      expect(snapshot.context.products).toEqual(groupReleases(releases));
      expect(snapshot.context.products.map((p) => p.id)).toEqual(['qgis', 'tracker']);
      const [qgis] = snapshot.context.products;
      expect(qgis?.systems.map((s) => s.os)).toEqual(['win64', 'mac']);
      expect(qgis?.systems[0]?.releases.map((r) => r.id)).toEqual([1, 2]);
    },
    empty: (snapshot) => expect(snapshot.context.products).toEqual([]),
    failed: (snapshot) => expect(snapshot.context.products).toEqual([]),
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
  },
});
