import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { DetailsForm } from '../../contract/identity.ts';
import { fetchCountries } from '../api/countries.api.ts';
import { fetchIpCountry, submitSignupDetails } from '../api/identity.api.ts';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { signupDetailsMachine } from '../../machines/signup-details.machine.ts';
import { claimSignupErrors } from './verification.flow.ts';

export const liveSignupDetailsMachine = signupDetailsMachine.provide({
  actors: {
    fetchCountries: fromPromise(async ({ input, signal }) => {
      // The IP country only preselects: without it the user picks one.
      const [countries, country] = await Promise.all([
        fetchCountries(signal).catch((error: unknown) => {
          if (error instanceof ApiError) dispatchErrors(error.items);
          throw error;
        }),
        fetchIpCountry(input.locale, signal).catch(() => ''),
      ]);
      const known = countries.some((c) => c.code === country);
      return { countries, country: known ? country : '' };
    }),
    submitDetails: fromPromise(async ({ input, signal }) => {
      const form = v.parse(DetailsForm, input);
      try {
        return await submitSignupDetails(form, signal);
      } catch (error) {
        throw claimSignupErrors(error, ['first_name', 'last_name', 'country'], {
          empty_first_name: 'first_name',
          empty_last_name: 'last_name',
          country_not_found: 'country',
        });
      }
    }),
  },
});
