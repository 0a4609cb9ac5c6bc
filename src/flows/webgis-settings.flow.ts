import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
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

/** The page's input: whether creation just succeeded, and the web GIS if the page brought it. */
export const webgisSettingsInput = (showSuccess: boolean): WebgisSettingsInput => ({
  showSuccess,
  webgis: givenWebgis(),
});
