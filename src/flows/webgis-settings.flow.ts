import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { givenProfile } from '../api/session.api.ts';
import { fetchMyWebgis, givenWebgis } from '../api/webgis.api.ts';
import {
  webgisSettingsMachine,
  type WebgisSettingsInput,
} from '../../machines/webgis-settings.machine.ts';

export const liveWebgisSettingsMachine = webgisSettingsMachine.provide({
  actors: {
    fetchWebgis: fromPromise(async ({ signal }) => {
      try {
        return await fetchMyWebgis('get_webgis', signal);
      } catch (error) {
        if (error instanceof ApiError) dispatchErrors(error.items);
        throw error;
      }
    }),
  },
});

/**
 * The page's input: whether creation just succeeded, and the web GIS the page brought,
 * or null where the profile it brought names none (the page then brings no web GIS, as
 * the session asks for none).
 */
export const webgisSettingsInput = (showSuccess: boolean): WebgisSettingsInput => ({
  showSuccess,
  webgis: givenWebgis() ?? (givenProfile()?.webgis_url === null ? null : undefined),
});
