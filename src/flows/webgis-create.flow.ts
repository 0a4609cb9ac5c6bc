import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { isWebgisErrorCode } from '../../contract/webgis.ts';
import { ApiError, dispatchErrors, type ApiErrorItem } from '../api/errors.ts';
import { createWebgis, fetchLocations, fetchMyWebgis, fetchWebgisRefs } from '../api/webgis.api.ts';
import { webgisCreateMachine } from '../../machines/webgis-create.machine.ts';
import { claimFieldErrors } from './field-errors.ts';
import { creationFailed, webgisErrorMessages } from './webgis-messages.ts';

/** The page's words for the web GIS codes, so a toast speaks the user's language. */
function translated(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const items = error.items.map((item): ApiErrorItem =>
    isWebgisErrorCode(item.code)
      ? { ...item, detail: i18n._(webgisErrorMessages[item.code]) }
      : item,
  );
  return new ApiError(items, error.status);
}

function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

export const liveWebgisCreateMachine = webgisCreateMachine.provide({
  actors: {
    fetchOptions: fromPromise(async ({ signal }) => {
      const [domain, locations, existing] = await Promise.all([
        fetchWebgisRefs(signal),
        fetchLocations(signal),
        fetchMyWebgis('get_webgis', signal),
      ]).catch(report);
      return { domain, locations, existing };
    }),
    // The form's fields claim their errors; the rest go to the global handler.
    createWebgis: fromPromise(async ({ input, signal }) => {
      try {
        return await createWebgis(input, signal);
      } catch (error) {
        throw claimFieldErrors(translated(error), ['subdomain_name', 'location_id']);
      }
    }),
    fetchWebgis: fromPromise(({ signal }) =>
      fetchMyWebgis('check_webgis_status', signal).catch(report),
    ),
  },
  actions: {
    // Section 8: a failed creation is reported, here as a simple error.
    reportFailure: () =>
      dispatchErrors([
        {
          code: 'webgis_failed',
          detail: i18n._(creationFailed),
          source: { pointer: '' },
          status: 200,
          url: '/api/v1/webgis/my/',
          useCase: 'check_webgis_status',
        },
      ]),
  },
});
