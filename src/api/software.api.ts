import { latestReleases, readPaths } from '../../contract/page-reads.ts';
import { ReleaseList } from '../../contract/software.ts';
import { call, givenRead } from './client.ts';

/** Section 7: the latest stable releases, with their options and files. */
export function fetchReleases(signal?: AbortSignal) {
  return call(readPaths.releases, ReleaseList, {
    query: { ...latestReleases },
    signal,
    useCase: 'get_releases',
  });
}

/** The releases the page brought, if it did (`givenRead`). */
export const givenReleases = () =>
  givenRead(readPaths.releases, ReleaseList, { ...latestReleases });
