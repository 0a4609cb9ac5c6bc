import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { ProfileUpdate } from '../../contract/identity.ts';
import type { Profile } from '../../contract/profile.ts';
import { profileFormMachine, type ProfileFormInput } from '../../machines/profile-form.machine.ts';
import { fetchCountries, givenCountries } from '../api/countries.api.ts';
import { updateProfile } from '../api/profile.api.ts';
import { claimFieldErrors } from './field-errors.ts';

const profileFields = Object.keys(ProfileUpdate.entries);

export const liveProfileFormMachine = profileFormMachine.provide({
  actors: {
    loadCountries: fromPromise(({ signal }) => fetchCountries(signal)),
    saveProfile: fromPromise(async ({ input, signal }) => {
      try {
        return await updateProfile(v.parse(ProfileUpdate, input), signal);
      } catch (error) {
        throw claimFieldErrors(error, profileFields);
      }
    }),
  },
});

/** The form's input: the user, and the countries if the page brought them. */
export const profileFormInput = (user: Profile): ProfileFormInput => ({
  user,
  countries: givenCountries(),
});
