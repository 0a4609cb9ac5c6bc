import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { profileFormMachine, type ProfileValues } from '../../machines/profile-form.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { ProfileFormView } from '../../src/views/profile/profile-form.view.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf, type StepRow } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';

const values: ProfileValues = {
  first_name: 'Demo',
  last_name: 'User',
  company: '',
  industry: 'mapping',
  role: 'employee',
  phone: '+7 495 123-45-67',
  country: 'RU',
};

const BAD_PHONE = 'Please enter a valid phone number with an international country code';
const save = () => screen.getByRole('button', { name: /^(Save|Saving…)$/ });
const phoneField = () => screen.getByRole('textbox', { name: /^Phone/ });
const select = (name: RegExp) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const noForm = () => {
  screen.getByRole('heading', { name: 'Personal data' });
  expect(screen.queryByRole('form', { name: 'Personal data' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^(Save|Saving…)$/ })).toBeNull();
};

/**
 * Section 5, Profile: the names are required (spaces alone are nothing), the country is
 * chosen, the phone is optional but, when given, an international number (+, then digits).
 */
const validProfile = (v: ProfileValues) =>
  v.first_name.trim() !== '' &&
  v.last_name.trim() !== '' &&
  v.country !== '' &&
  (v.phone.trim() === '' || /^\+\d[\d\s()-]{6,}$/.test(v.phone.trim()));

/** The form waits for the user (`here`): an edit, or a submit that saves what is valid. */
const editingRows = (
  here: string,
): Record<string, StepRow<SnapshotFrom<typeof profileFormMachine>, unknown>> => ({
  'field.edit': fieldEdited(here),
  'form.submit': submitted(here, validProfile, (sent) => ({
    to: 'saving',
    starts: { saveProfile: sent },
  })),
});

const russia = { code: 'RU', name_en: 'Russia', name_ru: 'Россия' };

describeMachinePaths(profileFormMachine, {
  paths: 18,
  input: { user: demoUser },
  // Decision 0034: with the countries the page brought, the form shows at once.
  starts: {
    'the page brought the countries': {
      input: { user: demoUser, countries: [russia] },
      at: 'editing.idle',
    },
  },
  // Section 2 (Profile) and 5 (Behaviour): the countries load, a valid form saves and
  // shows the new data with a notice for 3 s (section 9), refusals go to their fields.
  steps: {
    loading: {
      'done: loadCountries': (_, event) => ({
        to: 'editing.idle',
        set: { countries: outputOf(event) },
      }),
      'error: loadCountries': { to: 'loadFailed' },
    },
    loadFailed: {
      'countries.retry': { to: 'loading', starts: { loadCountries: undefined } },
    },
    'editing.idle': editingRows('editing.idle'),
    'editing.saved': {
      ...editingRows('editing.saved'),
      'after savedNotice': { to: 'editing.idle', after: 3000 },
    },
    saving: {
      'done: saveProfile': (_, event) => ({ to: 'editing.saved', set: { user: outputOf(event) } }),
      'error: saveProfile': refused('editing.idle'),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values },
    { type: 'form.submit', values: { ...values, phone: '12' } },
    // The other sides of the rules: no phone is fine, a name of spaces alone is none.
    { type: 'form.submit', values: { ...values, phone: '' } },
    { type: 'form.submit', values: { ...values, first_name: '  ' } },
    { type: 'field.edit', field: 'phone' },
    { type: 'countries.retry' },
    ...internalEvents(snapshot, {
      loadCountries: { output: [[russia]] },
      saveProfile: {
        output: [{ ...demoUser, industry: 'mapping' }],
        error: [
          new FieldErrors([{ field: 'phone', code: 'phoneNumber', detail: 'Bad phone' }]),
          new Error('network down'),
        ],
      },
    }),
  ],
  serialize: (snapshot) => ({
    errors: Object.keys(snapshot.context.serverErrors),
    countries: snapshot.context.countries.length,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    saving: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    editing: (snapshot) => {
      // The countries are loaded and the form may be sent.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.countries).toHaveLength(1);
      expect(snapshot.can({ type: 'form.submit', values })).toBe(true);
      expect(snapshot.can({ type: 'countries.retry' })).toBe(false);
    },
    'editing.idle': (snapshot) => {
      // No saved notice showing; a refused field is the only server error kept.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(Object.keys(snapshot.context.serverErrors).filter((f) => f !== 'phone')).toEqual([]);
      expect(snapshot.can({ type: 'field.edit', field: 'phone' })).toBe(true);
    },
    'editing.saved': (snapshot) => expect(snapshot.context.user.industry).toBe('mapping'),
    loadFailed: (snapshot) => expect(snapshot.context.countries).toEqual([]),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <ProfileFormView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading');
        noForm();
      },
      loadFailed: () => {
        screen.getByText("Couldn't load the list of countries.");
        expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
        noForm();
      },
      editing: (snapshot) => {
        // The form holds the profile as last saved, with the loaded countries to choose from.
        const { user } = snapshot.context;
        screen.getByRole('form', { name: 'Personal data' });
        expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveProperty(
          'value',
          'Demo',
        );
        expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveProperty('value', 'User');
        expect(select(/^Country/).value).toBe('RU');
        expect(select(/^Country/).selectedOptions[0]?.textContent).toBe('Russia');
        expect(select(/^Industry/).value).toBe(user.industry);
        screen.getByText('Email: demo@example.com · Time zone: Europe/Moscow');
        expect(save().textContent).toBe('Save');
        expect(save()).toHaveProperty('disabled', false);
        // The server's refusal of the phone shows at the phone field, in place of its hint.
        const refused = snapshot.context.serverErrors['phone'] !== undefined;
        expect(phoneField().getAttribute('aria-invalid') === 'true').toBe(refused);
        expect(screen.queryByText(BAD_PHONE) !== null).toBe(refused);
        expect(screen.queryByText('With the country code, e.g. +7 495 123-45-67') !== null).toBe(
          !refused,
        );
      },
      'editing.idle': () => expect(screen.queryByRole('status')).toBeNull(),
      'editing.saved': () => {
        expect(screen.getByRole('status').textContent).toBe('Changes saved');
        // The saved profile is the one shown.
        expect(select(/^Industry/).selectedOptions[0]?.textContent).toBe('Mapping and surveying');
      },
      saving: () => {
        screen.getByRole('form', { name: 'Personal data' });
        expect(save().textContent).toContain('Saving…');
        expect(save()).toHaveProperty('disabled', true);
        expect(phoneField().getAttribute('aria-invalid')).not.toBe('true');
        expect(screen.queryByText(BAD_PHONE)).toBeNull();
        expect(screen.queryByText('Changes saved')).toBeNull();
      },
    },
  },
});

describe('saving the profile', () => {
  it('tells the page what was saved, so the header shows the new name', async () => {
    const saved = { ...demoUser, first_name: 'Anna' };
    const actor = createActor(
      profileFormMachine.provide({
        actors: {
          loadCountries: fromPromise(async () => [
            { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
          ]),
          saveProfile: fromPromise(async () => saved),
        },
      }),
      { input: { user: demoUser } },
    );
    const heard: unknown[] = [];
    actor.on('saved', (event) => heard.push(event));
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'form.submit', values: { ...values, first_name: 'Anna' } });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'saved' }));
    expect(heard).toEqual([{ type: 'saved', user: saved }]);
    actor.stop();
  });
});
