import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ConsultationForm, ConsultationRequest } from '../../contract/consultation.ts';
import {
  consultationMachine,
  prefillFrom,
  type ConsultationInput,
} from '../../machines/consultation.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { ConsultationView } from '../../src/views/consultation/consultation.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';
import { fieldEdited, refused } from './fixtures/form-steps.ts';
import { consultationPrefill, consultationUser } from '../fixtures/consultation.ts';

const user: ConsultationInput['user'] = consultationUser;
const PREFILL: ConsultationForm = consultationPrefill;
// What the user typed: spaces around, another address; the request is trimmed.
const typed: ConsultationForm = {
  ...PREFILL,
  name: ' Anna Petrova ',
  email: 'sales-contact@geo.example ',
  comment: ' 20 seats, inside our network ',
};
const sentRequest: ConsultationRequest = {
  ...PREFILL,
  email: 'sales-contact@geo.example',
  comment: '20 seats, inside our network',
  language: 'en',
};
const { language: _language, ...sentValues } = sentRequest;
const badEmail: ConsultationForm = { ...PREFILL, email: 'anna@' };
const emailRefused = new FieldErrors([
  { field: 'email', code: 'email', detail: 'Please enter a valid email address' },
]);

/**
 * The consultation request (sections 2, On-premise, and 5): a name, an e-mail address,
 * the phone empty or international, a comment of at most 2000 characters; every field
 * trimmed, sent with the page's language.
 */
function requestOf(values: ConsultationForm): ConsultationRequest | null {
  const t: ConsultationForm = {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    industry: values.industry,
    comment: values.comment.trim(),
  };
  const ok =
    t.name !== '' &&
    /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(t.email) &&
    (t.phone === '' || /^\+\d[\d\s()-]{6,}$/.test(t.phone)) &&
    t.comment.length <= 2000;
  return ok ? { ...t, language: 'en' } : null;
}

describeMachinePaths(consultationMachine, {
  paths: 12,
  input: { user, language: 'en' },
  // Section 2 (On-premise, the consultation form) and 5 (Behaviour, Per form): a valid
  // request is sent as typed, trimmed; the thank-you names the address; another request
  // keeps the details but not the comment.
  steps: {
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': (_, event) => {
        const request = requestOf((event as { values: ConsultationForm }).values);
        if (!request) return { to: 'editing', set: { serverErrors: {} } };
        const { language: _sentIn, ...values } = request;
        return {
          to: 'submitting',
          set: { values, request, serverErrors: {} },
          starts: { sendConsultation: request },
        };
      },
    },
    submitting: {
      'done: sendConsultation': ({ context }) => ({
        to: 'sent',
        set: { sentTo: context.request?.email ?? null, request: null },
      }),
      'error: sendConsultation': (before, event) => {
        const back = refused('editing')(before, event);
        return { ...back, set: { ...back.set, request: null } };
      },
    },
    sent: {
      'request.again': ({ context }) => ({
        to: 'editing',
        set: { values: { ...context.values, comment: '' }, sentTo: null },
      }),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: typed },
    { type: 'form.submit', values: badEmail },
    // A comment one over the 2000 allowed is refused before sending.
    { type: 'form.submit', values: { ...typed, comment: 'x'.repeat(2001) } },
    { type: 'field.edit', field: 'email' },
    { type: 'request.again' },
    ...internalEvents(snapshot, {
      sendConsultation: {
        output: [{ id: 1, created_at: '2026-11-26T10:00:00.000Z' }],
        error: [emailRefused, new Error('too many requests')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    errors: Object.keys(snapshot.context.serverErrors),
    sentTo: snapshot.context.sentTo,
    comment: snapshot.context.values.comment,
  }),
  states: {
    editing: (snapshot) => {
      const { values, request, serverErrors } = snapshot.context;
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(request).toBeNull();
      expect(snapshot.context.sentTo).toBeNull();
      // The profile's details stay; only what was sent, or the prefill, is shown.
      expect([PREFILL, sentValues, { ...sentValues, comment: '' }]).toContainEqual(values);
      // Only the server's refusal of a field puts an error at it.
      expect(Object.keys(serverErrors)).toEqual(Object.keys(serverErrors).length ? ['email'] : []);
      // A bad address is refused here, never sent.
      expect(snapshot.can({ type: 'form.submit', values: typed })).toBe(true);
    },
    submitting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.request).toEqual(sentRequest);
      expect(snapshot.context.serverErrors).toEqual({});
      expect(snapshot.can({ type: 'form.submit', values: typed })).toBe(false);
    },
    sent: (snapshot) => {
      expect(snapshot.context.sentTo).toBe('sales-contact@geo.example');
      expect(snapshot.context.request).toBeNull();
      expect(snapshot.can({ type: 'request.again' })).toBe(true);
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <ConsultationView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        screen.getByRole('heading', { name: 'Request a consultation' });
        // The form keeps what is in it while it stays (what the user typed); drawn anew
        // (after a request sent) it starts from the machine's values.
        const { values } = snapshot.context;
        const fields = {
          name: screen.getByRole('textbox', { name: /^Name/ }),
          email: screen.getByRole('textbox', { name: /^Email/ }),
          company: screen.getByRole('textbox', { name: 'Company' }),
          phone: screen.getByRole('textbox', { name: /^Phone/ }),
          industry: screen.getByRole('combobox', { name: 'Industry' }),
          comment: screen.getByRole('textbox', { name: 'Comment' }),
        };
        for (const [name, field] of Object.entries(fields) as [keyof ConsultationForm, Element][]) {
          expect([PREFILL[name], values[name]]).toContain((field as HTMLInputElement).value);
        }
        expect(fields.industry).toHaveProperty('value', 'cadastre');
        expect(screen.getByRole('option', { name: 'Cadastre and land management' })).toHaveProperty(
          'selected',
          true,
        );
        const refused = screen.queryByText('Please enter a valid email address');
        expect(refused !== null).toBe(snapshot.context.serverErrors['email'] !== undefined);
        expect(screen.getByRole('button', { name: 'Send request' })).toHaveProperty(
          'disabled',
          false,
        );
      },
      submitting: () => {
        expect(screen.getByRole('button', { name: /Sending…/ })).toHaveProperty('disabled', true);
        expect(screen.queryByText('Please enter a valid email address')).toBeNull();
      },
      sent: () => {
        screen.getByText('Thank you! Your request has been sent.');
        screen.getByText(/A confirmation has been sent to sales-contact@geo\.example\./);
        screen.getByRole('button', { name: 'Send another request' });
        expect(screen.queryByRole('form', { name: 'Request a consultation' })).toBeNull();
      },
    },
  },
});

describe('prefillFrom', () => {
  it("takes the profile's name, e-mail, company, phone and a known industry", () => {
    expect(prefillFrom(user)).toEqual(PREFILL);
    expect(prefillFrom({ ...user, first_name: '', last_name: 'Petrova', industry: 'x' })).toEqual({
      ...PREFILL,
      name: 'Petrova',
      industry: '',
    });
  });
});

describe('sending', () => {
  it("sends the trimmed request in the page's language and thanks at the address typed", async () => {
    const sent: ConsultationRequest[] = [];
    const actor = createActor(
      consultationMachine.provide({
        actors: {
          sendConsultation: fromPromise(async ({ input }: { input: ConsultationRequest }) => {
            sent.push(input);
            return { id: 7, created_at: '2026-11-26T10:00:00.000Z' };
          }),
        },
      }),
      { input: { user, language: 'ru' } },
    );
    const refusals: string[] = [];
    actor.on('validationFailed', (event) => refusals.push(event.type));
    actor.start();
    actor.send({ type: 'form.submit', values: badEmail });
    expect(refusals).toEqual(['validationFailed']);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submit', values: typed });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ ...sentRequest, language: 'ru' }]);
    expect(actor.getSnapshot().value).toBe('sent');
    actor.send({ type: 'request.again' });
    expect(actor.getSnapshot().context.values).toEqual({ ...sentValues, comment: '' });
    actor.stop();
  });
});
