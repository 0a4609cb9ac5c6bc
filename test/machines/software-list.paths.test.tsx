import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Distribution, OperatingSystem, ProductId, Release } from '../../contract/software.ts';
import {
  groupReleases,
  softwareListMachine,
  type SoftwareProduct,
} from '../../machines/software-list.machine.ts';
import { SoftwareView } from '../../src/views/software/software-list.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';

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
  files: [
    {
      id,
      name: `${product}.bin`,
      size: 10,
      // Section 9: android entries are store pages.
      link:
        os === 'android'
          ? `https://play.google.com/store/apps/details?id=com.example.${product}`
          : `/api/v1/releases/${id}/download`,
    },
  ],
});

// Out of order on purpose: the machine keeps them by product, system and variant.
const releases = [
  release(4, 'tracker', 'android', 'network'),
  release(2, 'qgis', 'win64', 'standalone'),
  release(1, 'qgis', 'win64', 'network'),
  release(3, 'qgis', 'mac', 'network'),
];

/** Section 9's order for these releases: QGIS (Windows: network, standalone; macOS), Tracker. */
const byR = (id: number) => releases.find((r) => r.id === id)!;
const GROUPED: SoftwareProduct[] = [
  {
    id: 'qgis',
    systems: [
      { os: 'win64', releases: [byR(1), byR(2)] },
      { os: 'mac', releases: [byR(3)] },
    ],
  },
  { id: 'tracker', systems: [{ os: 'android', releases: [byR(4)] }] },
];

const FAILED = "Couldn't load software data";
const products = () =>
  screen
    .queryAllByRole('region')
    .filter((r) => r.getAttribute('aria-labelledby') !== 'plugin-info');
const title = () => screen.getByRole('heading', { level: 1, name: 'Software' });
/**
 * Every state the list has settled in: the title and the plugin block (section 2) below
 * the list. While it loads the block waits, so the list's arrival does not push it down.
 */
const page = () => {
  title();
  screen.getByRole('region', { name: 'Plugin for QGIS' });
};
/** The list is empty or failed: the alert and Try again, nothing else in its place. */
const couldNotLoad = () => {
  page();
  screen.getByText(FAILED);
  expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  expect(screen.queryByRole('status')).toBeNull();
  expect(products()).toEqual([]);
};

describeMachinePaths(softwareListMachine, {
  paths: 4,
  // Decision 0034: the releases the page brought are listed at once, without a load.
  starts: { 'the page brought them': { input: { releases }, at: 'loaded' } },
  // Section 2 (Software) and 9 (products and systems in order): the releases load and
  // are listed by product and system; none, or a failure, is 'Couldn't load software data'.
  steps: {
    loading: {
      'done: fetchReleases': (_, event) =>
        outputOf<Release[]>(event).length === 0
          ? { to: 'empty' }
          : { to: 'loaded', set: { products: GROUPED } },
      'error: fetchReleases': { to: 'failed' },
    },
    empty: { 'releases.retry': { to: 'loading', starts: { fetchReleases: undefined } } },
    failed: { 'releases.retry': { to: 'loading', starts: { fetchReleases: undefined } } },
  },
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
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <SoftwareView snapshot={snapshot} send={() => {}} locale="en" />
      </Providers>
    ),
    states: {
      loading: () => {
        title();
        expect(screen.queryByRole('region', { name: 'Plugin for QGIS' })).toBeNull();
        expect(screen.getByRole('status').textContent).toBe('Loading software…');
        expect(screen.queryByText(FAILED)).toBeNull();
        expect(products()).toEqual([]);
      },
      loaded: () => {
        page();
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.queryByText(FAILED)).toBeNull();
        // The products that have releases, in section 3's order.
        expect(products().map((p) => p.getAttribute('aria-labelledby'))).toEqual([
          'product-qgis',
          'product-tracker',
        ]);
        // Outside Russian, QGIS is offered on its own site (section 9), not as files.
        const qgis = within(screen.getByRole('region', { name: 'QGIS' }));
        qgis.getByText("QGIS installers for every system are published on the project's own site.");
        const site = qgis.getByRole('link', { name: /Download from qgis\.org/ });
        expect(site.getAttribute('href')).toBe('https://qgis.org/download/');
        expect(qgis.queryByText('Network installer')).toBeNull();
        // Android is its store page, in the page's language.
        const tracker = within(screen.getByRole('region', { name: 'Tracker' }));
        tracker.getByRole('heading', { level: 3, name: 'Android' });
        const store = tracker.getByRole('link', { name: /Get it on Google Play/ });
        expect(store.getAttribute('href')).toBe(
          'https://play.google.com/store/apps/details?id=com.example.tracker&hl=en',
        );
      },
      empty: couldNotLoad,
      failed: couldNotLoad,
    },
  },
});
