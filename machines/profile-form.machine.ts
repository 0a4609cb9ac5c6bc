import type * as v from 'valibot';
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Country } from '../contract/countries.ts';
import { ProfileUpdate } from '../contract/identity.ts';
import type { Profile } from '../contract/profile.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromOutput, withOutput } from './event-params.ts';
import { givenAtStart, loadState, retryState, startGiven } from './load-parts.ts';

export type ProfileValues = v.InferInput<typeof ProfileUpdate>;
export type ProfileField = keyof ProfileValues;
export interface ProfileFormInput {
  user: Profile;
  /** The countries, when the page brought them: the form shows at once. */
  countries?: Country[];
}
export interface ProfileFormContext {
  user: Profile;
  countries: Country[];
  serverErrors: ServerErrors;
}
export type ProfileFormEvent =
  form.Events<ProfileValues, ProfileField> | { type: 'countries.retry' };

/**
 * The profile form (/profile): loads the country list (or starts with the one the page
 * brought), then edits and saves the profile; refused fields come back at their fields
 * and clear on edit. A saved notice shows for `savedNotice` (3 s, section 9's timed
 * alerts).
 */
export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as ProfileFormInput,
    emitted: {} as form.ValidationFailed | { type: 'saved'; user: Profile },
  },
  actors: {
    loadCountries: fromPromise<Country[]>(async () => {
      throw new Error('loadCountries is provided by the app');
    }),
    saveProfile: fromPromise<Profile, ProfileValues>(async () => {
      throw new Error('saveProfile is provided by the app');
    }),
  },
  delays: { savedNotice: 3000 },
  guards: {
    isValid: form.passes(ProfileUpdate),
    givenAtStart,
  },
  actions: {
    ...form.actions<ProfileFormContext, ProfileFormEvent>(),
    keepCountries: assign({ countries: (_, params: { countries: Country[] }) => params.countries }),
    keepSaved: assign({ user: (_, params: { user: Profile }) => params.user }),
    announceSaved: emit((_, params: { user: Profile }) => ({
      type: 'saved' as const,
      user: params.user,
    })),
  },
}).createMachine({
  id: 'profileForm',
  context: ({ input }) => ({ user: input.user, countries: [], serverErrors: {} }),
  initial: 'loading',
  states: {
    loading: loadState(
      'loadCountries',
      'The countries load.',
      withOutput('editing', 'keepCountries', 'countries'),
      'loadFailed',
      startGiven('countries', 'editing', 'keepCountries'),
    ),
    loadFailed: retryState('countries.retry', 'The countries could not be loaded, with Try again.'),
    editing: {
      description: 'The profile form.',
      initial: 'idle',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'saving'),
      },
      states: {
        idle: { description: 'Nothing saved yet.' },
        saved: {
          description: 'Saved: the header shows the new data without reading it again.',
          after: { savedNotice: 'idle' },
        },
      },
    },
    saving: {
      description: 'Saves the profile — refusals go to their fields.',
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => {
          if (event.type !== 'form.submit') throw new Error('saving starts with form.submit');
          return event.values;
        },
        onDone: {
          target: 'editing.saved',
          actions: [
            { type: 'keepSaved', params: fromOutput('user') },
            { type: 'announceSaved', params: fromOutput('user') },
          ],
        },
        onError: form.backWithServerErrors('editing'),
      },
    },
  },
});
