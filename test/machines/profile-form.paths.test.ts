import { expect } from 'vitest';
import { profileFormMachine } from '../../machines/profile-form.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { demoUser } from '../fixtures/users.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const values = {
  first_name: 'Demo',
  last_name: 'User',
  company: '',
  industry: 'mapping',
  role: 'employee',
  phone: '+7 495 123-45-67',
  country: 'RU',
};

describeMachinePaths(profileFormMachine, {
  input: { user: demoUser },
  events: (snapshot) => [
    { type: 'form.submit', values },
    { type: 'form.submit', values: { ...values, phone: '12' } },
    { type: 'field.edit', field: 'phone' },
    { type: 'countries.retry' },
    ...internalEvents(snapshot, {
      loadCountries: { output: [[{ code: 'RU', name_en: 'Russia', name_ru: 'Россия' }]] },
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
    'editing.saved': (snapshot) => expect(snapshot.context.user.industry).toBe('mapping'),
    loadFailed: (snapshot) => expect(snapshot.context.countries).toEqual([]),
  },
});
