import { fromPromise } from 'xstate';
import { sendConsultation } from '../api/consultation.api.ts';
import { consultationMachine } from '../../machines/consultation.machine.ts';
import { claimFieldErrors } from './field-errors.ts';

const FIELDS = ['name', 'email', 'company', 'phone', 'industry', 'comment'] as const;

export const liveConsultationMachine = consultationMachine.provide({
  actors: {
    // The form's fields claim their errors; the rest (429, the server down) go to the
    // global handler.
    sendConsultation: fromPromise(async ({ input, signal }) => {
      try {
        return await sendConsultation(input, signal);
      } catch (error) {
        throw claimFieldErrors(error, FIELDS);
      }
    }),
  },
});
