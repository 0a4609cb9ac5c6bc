import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { signupDetailsMachine } from '../../machines/signup-details.machine.ts';
import { SignupTokenError } from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { DetailsView } from '../../src/views/signup/signup-details.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';
import type { CountryChoice } from '../../machines/signup-details.machine.ts';

const countries = [
  { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
  { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
];
const valid = { first_name: 'Anna', last_name: 'Smith', country: 'DE' };
const TITLE = 'Tell us about yourself';
const NOT_AVAILABLE = 'This country is not available. Please choose another country.';
const finish = () => screen.getByRole('button', { name: /^(Finish|Saving…)$/ });
const countryField = () => screen.getByRole('combobox', { name: /^Country/ });
const noForm = () => {
  expect(screen.queryByRole('form', { name: 'About you' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^(Finish|Saving…)$/ })).toBeNull();
};

/** Section 5, personName: letters and spaces only, and something in it. */
const personName = (name: string) => /^[\p{L} ]+$/u.test(name) && name.trim() !== '';
const validDetails = (v: typeof valid) =>
  personName(v.first_name) && personName(v.last_name) && v.country !== '';

describeMachinePaths(signupDetailsMachine, {
  paths: 10,
  input: { locale: 'en' },
  // Section 2, Signup (details step: first and last name, country) and section 8's
  // sign-up codes: the countries load with the browser's chosen; a lost sign-up
  // session ends the form.
  steps: {
    loading: {
      'done: fetchCountries': (_, event) => {
        const choice: CountryChoice = outputOf(event);
        return { to: 'editing', set: { countries: choice.countries, country: choice.country } };
      },
      'error: fetchCountries': { to: 'unavailable' },
    },
    unavailable: {
      'details.retry': { to: 'loading', starts: { fetchCountries: { locale: 'en' } } },
    },
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': submitted('editing', validDetails, (values) => ({
        to: 'submitting',
        starts: { submitDetails: values },
      })),
    },
    submitting: {
      'done: submitDetails': (_, event) => {
        const answer: { next: string } = outputOf(event);
        return { to: 'done', set: { next: answer.next } };
      },
      'error: submitDetails': (before, event) => {
        const error = errorOf(event) as unknown;
        return error instanceof SignupTokenError
          ? { to: 'sessionLost', set: { tokenError: error.code } }
          : refused('editing')(before, event);
      },
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { ...valid, first_name: 'R2D2' } },
    // The country is required too.
    { type: 'form.submit', values: { ...valid, country: '' } },
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
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <DetailsView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading…');
        noForm();
      },
      unavailable: () => {
        screen.getByRole('heading', { name: TITLE });
        screen.getByText('Something went wrong. Try again later.');
        expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
        noForm();
      },
      editing: (snapshot) => {
        screen.getByRole('heading', { name: TITLE });
        screen.getByText('Your email is confirmed. One last step to finish your account.');
        screen.getByRole('textbox', { name: /^First name/ });
        screen.getByRole('textbox', { name: /^Last name/ });
        // The visitor's country by IP is chosen; the countries in their English names, sorted.
        expect(countryField()).toHaveProperty('value', 'RU');
        const options = screen.getAllByRole('option').map((option) => option.textContent);
        expect(options).toEqual(['Choose a country', 'Germany', 'Russia']);
        expect(finish().textContent).toBe('Finish');
        expect(finish()).toHaveProperty('disabled', false);
        const refused = snapshot.context.serverErrors['country'] !== undefined;
        expect(countryField().getAttribute('aria-invalid') === 'true').toBe(refused);
        expect(screen.queryByText(NOT_AVAILABLE) !== null).toBe(refused);
      },
      submitting: () => {
        screen.getByRole('heading', { name: TITLE });
        expect(finish().textContent).toContain('Saving…');
        expect(finish()).toHaveProperty('disabled', true);
        expect(countryField().getAttribute('aria-invalid')).not.toBe('true');
        expect(screen.queryByText(NOT_AVAILABLE)).toBeNull();
      },
      sessionLost: () => {
        screen.getByRole('heading', { name: TITLE });
        screen.getByText('Your email is not confirmed yet. Please start the sign-up again.');
        screen.getByRole('link', { name: 'Start the sign-up again' });
        noForm();
      },
      done: () => {
        expect(screen.getByRole('status').textContent).toBe('Signing in…');
        noForm();
      },
    },
  },
});
