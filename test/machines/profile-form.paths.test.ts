import { expect } from 'vitest';
import { profileFormMachine, type ProfileValues } from '../../machines/profile-form.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { demoUser } from '../fixtures/users.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const values: ProfileValues = {
  first_name: 'Demo',
  last_name: 'User',
  company: '',
  industry: 'mapping',
  role: 'employee',
  phone: '+7 495 123-45-67',
  country: 'RU',
};

describeMachinePaths(profileFormMachine, {
  paths: 11,
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
});
