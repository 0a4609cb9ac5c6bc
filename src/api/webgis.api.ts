import {
  Webgis,
  WebgisLocationList,
  WebgisRefs,
  type WebgisCreateRequest,
} from '../../contract/webgis.ts';
import { call, givenRead } from './client.ts';
import { ApiError } from './errors.ts';
import { readPaths } from '../../contract/page-reads.ts';

/** Section 7: the instance domain, the suffix of the address field. */
export async function fetchWebgisRefs(signal?: AbortSignal) {
  const refs = await call('v1/webgis/refs/', WebgisRefs, { signal, useCase: 'get_refs' });
  return refs.domain;
}

/** Section 7: the data centers to choose from. */
export function fetchLocations(signal?: AbortSignal) {
  return call('v1/webgis/cluster/locations/', WebgisLocationList, {
    signal,
    useCase: 'get_locations',
  });
}

/** Section 7: create_webgis; the answer is the new instance, waiting to be created. */
export function createWebgis(request: WebgisCreateRequest, signal?: AbortSignal) {
  return call('v1/webgis/', Webgis, {
    method: 'POST',
    body: request,
    signal,
    useCase: 'create_webgis',
  });
}

/**
 * The user's instance, or null: a 404 means there is none, which get_webgis passes
 * over silently (section 7). `useCase` is check_webgis_status while creation is polled.
 */
export async function fetchMyWebgis(
  useCase: 'get_webgis' | 'check_webgis_status',
  signal?: AbortSignal,
): Promise<Webgis | null> {
  try {
    return await call(readPaths.webgis, Webgis, { signal, useCase });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The web GIS the page brought, if it did (`givenRead`). */
export const givenWebgis = () => givenRead(readPaths.webgis, Webgis);
