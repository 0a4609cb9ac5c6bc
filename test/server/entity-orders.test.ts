import { describe, expect, it } from 'vitest';
import { localizeHtml } from '../../server/spa.ts';
import { useTestServer } from './harness.ts';
import { json, signedIn } from './billing.ts';

const server = useTestServer({ env: { ENTITY_ORDERS: 'off' } });

function update(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe('ENTITY_ORDERS=off', () => {
  it('refuses invoice requests, in Russian too, and keeps the go-to-free form', async () => {
    const { client } = await signedIn(server());
    const invoice = await client.request('/api/subscription/update', {
      method: 'POST',
      body: update({
        'selected-plan': 'premium',
        'annual-payment': 'on',
        'form_entity[company_name]': 'ООО Карты',
        'form_entity[contact_person]': 'Иван Петров',
        'form_entity[contact_email]': 'buh@karty.example.com',
        'form_entity[contact_phone]': '+7 495 123-45-67',
      }),
      headers: { 'Accept-Language': 'ru' },
    });
    expect(invoice.status).toBe(400);
    expect((await json(invoice)).code).toBe('plan_unavailable');
    const free = await client.request('/api/subscription/update', {
      method: 'POST',
      body: update({ 'selected-plan': 'free' }),
      headers: { 'Accept-Language': 'ru' },
    });
    expect(free.status).toBe(200);
  });

  it('tells the SPA through the page', () => {
    const html = '<html lang="en"><meta name="portal-entity-orders" content="on" /></html>';
    expect(localizeHtml(html, 'ru', false)).toContain(
      '<meta name="portal-entity-orders" content="off" />',
    );
    expect(localizeHtml(html, 'ru', true)).toContain(
      '<meta name="portal-entity-orders" content="on" />',
    );
  });
});
