import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { ProfileUpdate } from '../../contract/identity.ts';
import { fetchCountries } from '../api/countries.api.ts';
import {
  deleteProfile,
  fetchProfileExport,
  fetchSocialAccounts,
  unlinkSocialAccount,
  updateProfile,
} from '../api/profile.api.ts';
import { dataExportMachine } from '../../machines/data-export.machine.ts';
import { profileFormMachine } from '../../machines/profile-form.machine.ts';
import { profileRemovalMachine } from '../../machines/profile-removal.machine.ts';
import { socialAccountsMachine } from '../../machines/social-accounts.machine.ts';
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

export const liveSocialAccountsMachine = socialAccountsMachine.provide({
  actors: {
    loadAccounts: fromPromise(({ signal }) => fetchSocialAccounts(signal)),
    unlinkAccount: fromPromise(({ input, signal }) => unlinkSocialAccount(input, signal)),
  },
});

export const liveProfileRemovalMachine = profileRemovalMachine.provide({
  actors: { deleteProfile: fromPromise(({ signal }) => deleteProfile(signal)) },
});

export const liveDataExportMachine = dataExportMachine.provide({
  actors: { fetchExport: fromPromise(({ signal }) => fetchProfileExport(signal)) },
});
