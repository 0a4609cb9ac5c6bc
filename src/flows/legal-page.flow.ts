import { fromPromise } from 'xstate';
import { fetchLegalDocument } from '../api/legal.api.ts';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { legalPageMachine } from '../../machines/legal-page.machine.ts';

export const liveLegalPageMachine = legalPageMachine.provide({
  actors: {
    fetchDocument: fromPromise(async ({ input, signal }) => {
      try {
        return await fetchLegalDocument(input.page, input.locale, signal);
      } catch (error) {
        // The call's own error reaches the global handler (a toast); the page says what failed.
        if (error instanceof ApiError) dispatchErrors(error.items);
        throw error;
      }
    }),
  },
});
