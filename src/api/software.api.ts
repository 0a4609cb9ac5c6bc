import { ReleaseList } from '../../contract/software.ts';
import { call } from './client.ts';

/** Section 7: the latest stable releases, with their options and files. */
export function fetchReleases(signal?: AbortSignal) {
  return call('v1/releases', ReleaseList, {
    query: { tag: 'latest', option: 'type:stable' },
    signal,
    useCase: 'get_releases',
  });
}
