import { describeMachinePaths, internalEvents } from './path-harness.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';

const tz = { ianaName: 'Europe/Berlin', offset: 60 };
describeMachinePaths(loginMachine, {
  input: { next: '/en/' },
  events: (s) => [
    { type: 'form.submit', values: { login: 'ann', password: 'secret-password' } },
    { type: 'form.submit', values: { login: '', password: '' } },
    { type: 'field.edit', field: 'login' },
    ...internalEvents(s, {
      submitLogin: {
        output: [{ next: '/en/profile' }],
        error: [new FieldErrors([{ field: 'login', code: 'user_absent', detail: 'x' }])],
      },
    }),
  ],
});
const user = (timezone: typeof tz | null) => ({ id: '1', email: 'a@b.c', timezone });
describeMachinePaths(sessionMachine, {
  input: { browserTimezone: tz },
  serialize: (s) => ({ user: s.context.user === null ? null : s.context.user.timezone === null ? 'noTz' : 'tz' }),
  events: (s) => [
    { type: 'session.refresh' }, { type: 'session.signOut' }, { type: 'session.retry' },
    ...internalEvents(s, { fetchUser: { output: [null, user(tz), user(null)] } }),
  ],
});
