import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { fetchMyWebgis } from '../api/webgis.api.ts';
import { webgisSettingsMachine } from '../../machines/webgis-settings.machine.ts';

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
