import { assign, fromPromise, setup } from 'xstate';
import {
  distributions,
  operatingSystems,
  productIds,
  type OperatingSystem,
  type ProductId,
  type Release,
} from '../contract/software.ts';
import { ifOutput, withOutput } from './event-params.ts';
import { givenAtStart, loadState, retryState, startGiven } from './load-parts.ts';

/** One system of a product: its releases, network before standalone. */
export interface SystemReleases {
  os: OperatingSystem;
  releases: Release[];
}

/** A product as the page lists it: its systems in section 9's order. */
export interface SoftwareProduct {
  id: ProductId;
  systems: SystemReleases[];
}

/** Releases grouped by product, then system; products and systems without any are left out. */
export function groupReleases(releases: readonly Release[]): SoftwareProduct[] {
  const byDist = (a: Release, b: Release) =>
    distributions.indexOf(a.options.dist) - distributions.indexOf(b.options.dist);
  return productIds.flatMap((id) => {
    const own = releases.filter((release) => release.product === id);
    const systems = operatingSystems.flatMap((os) => {
      const list = own.filter((release) => release.options.os === os).sort(byDist);
      return list.length > 0 ? [{ os, releases: list }] : [];
    });
    return systems.length > 0 ? [{ id, systems }] : [];
  });
}

export interface SoftwareListContext {
  products: SoftwareProduct[];
}

export interface SoftwareListInput {
  /** The releases, when the page brought a list that is not empty: it shows at once. */
  releases?: Release[];
}

export type SoftwareListEvent = { type: 'releases.retry' };

/**
 * The software list (/software, section 2): loads the latest stable releases once, or
 * starts with those the page brought.
 * An empty list and a failed load both end where the page says it couldn't load the
 * software data, and either may be retried. No timeouts.
 */
export const softwareListMachine = setup({
  types: {
    context: {} as SoftwareListContext,
    input: {} as SoftwareListInput,
    events: {} as SoftwareListEvent,
  },
  actors: {
    fetchReleases: fromPromise<Release[]>(async () => {
      throw new Error('fetchReleases is provided by the app');
    }),
  },
  guards: {
    givenAtStart,
    isEmpty: (_, params: { releases: Release[] }) => groupReleases(params.releases).length === 0,
  },
  actions: {
    // The app tells the user (section 8's simple error 'Product installers list is empty').
    reportEmpty: () => {},
    keepProducts: assign({
      products: (_, params: { releases: Release[] }) => groupReleases(params.releases),
    }),
  },
}).createMachine({
  id: 'softwareList',
  context: { products: [] },
  initial: 'loading',
  states: {
    loading: loadState(
      'fetchReleases',
      'A spinner while the products load.',
      [ifOutput('isEmpty', 'releases', 'empty'), withOutput('loaded', 'keepProducts', 'releases')],
      'failed',
      startGiven('releases', 'loaded', 'keepProducts'),
    ),
    loaded: { description: 'The products, each with its downloads, and the plugin info block.' },
    empty: {
      description: "The list is empty: 'Couldn't load software data'.",
      entry: 'reportEmpty',
      on: { 'releases.retry': 'loading' },
    },
    failed: retryState('releases.retry', "The list failed: 'Couldn't load software data'."),
  },
});
