import { expect } from 'vitest';
import { signupDetailsMachine } from '../../machines/signup-details.machine.ts';
import { SignupTokenError } from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const countries = [
  { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
  { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
];
const valid = { first_name: 'Anna', last_name: 'Smith', country: 'DE' };

describeMachinePaths(signupDetailsMachine, {
  paths: 8,
  input: { locale: 'en' },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { ...valid, first_name: 'R2D2' } },
    { type: 'field.edit', field: 'country' },
    { type: 'details.retry' },
    ...internalEvents(snapshot, {
      fetchCountries: { output: [{ countries, country: 'RU' }] },
      submitDetails: {
        output: [{ next: '/en/profile' }],
        error: [
          new FieldErrors([
            { field: 'country', code: 'country_not_found', detail: 'Choose another' },
          ]),
          new SignupTokenError('email_not_confirmed'),
        ],
      },
    }),
  ],
  serialize: (snapshot) => ({
    country: snapshot.context.country,
    errors: Object.keys(snapshot.context.serverErrors),
    tokenError: snapshot.context.tokenError,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    editing: (snapshot) => {
      expect(snapshot.context.countries).toEqual(countries);
      expect(snapshot.context.country).toBe('RU');
    },
    unavailable: (snapshot) => {
      // The countries could not be loaded: no form, nothing loaded, and a retry offered.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.countries).toEqual([]);
      expect(snapshot.context.tokenError).toBeNull();
      expect(snapshot.can({ type: 'details.retry' })).toBe(true);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    submitting: (snapshot) => {
      // Server errors were cleared on submit; busy, and no second submit meanwhile.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.serverErrors).toEqual({});
      expect(snapshot.context.countries).toEqual(countries);
      expect(snapshot.can({ type: 'form.submit', values: valid })).toBe(false);
    },
    sessionLost: (snapshot) => expect(snapshot.context.tokenError).toBe('email_not_confirmed'),
    done: (snapshot) => expect(snapshot.output).toEqual({ next: '/en/profile' }),
  },
});
