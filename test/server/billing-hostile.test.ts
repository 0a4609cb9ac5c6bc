import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness.ts';
import { checkoutRequest, json, sendJson, signedIn, startCheckout } from './billing.ts';

const server = useTestServer();

describe('billing endpoints under hostile input', () => {
  it('want the CSRF header on every change', async () => {
    const { client } = await signedIn(server());
    const post = await client.postJson('/api/autopayment/', checkoutRequest(), { csrf: false });
    expect(post.status).toBe(403);
    for (const method of ['PATCH', 'DELETE']) {
      const response = await client.request('/api/autopayment/', { method, csrf: false });
      expect(response.status).toBe(403);
    }
  });

  it('answer 400, never 500, to bodies of the wrong shape', async () => {
    const { client } = await signedIn(server());
    for (const body of [[], 'text', { plan: ['mini'] }, { ...checkoutRequest(), options: [] }]) {
      const response = await client.postJson('/api/autopayment/', body);
      expect(response.status).toBe(400);
    }
    const nul = await client.postJson('/api/autopayment/', checkoutRequest({ coupon: 'A\u0000' }));
    expect(nul.status).toBe(400);
    const patch = await sendJson(client, 'PATCH', '/api/autopayment/status/', []);
    expect(patch.status).toBe(400);
    const form = new FormData();
    form.append('selected-plan', 'premium');
    form.append('form_entity[company_name]', new Blob(['x']), 'x.txt');
    const file = await client.request('/api/subscription/update', { method: 'POST', body: form });
    expect(file.status).toBe(400);
    expect((await json(file)).code).toBe('invalid_input');
  });

  it('the sandbox page refuses an unknown decision and unknown ids', async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client);
    expect((await client.postForm(`/sandbox/pay/${id}`, { decision: 'steal' })).status).toBe(400);
    expect((await client.get(`/sandbox/pay/${id}`)).status).toBe(200);
    expect((await client.get('/sandbox/pay/co_%00')).status).toBe(404);
    expect((await client.get(`/sandbox/pay/${'x'.repeat(500)}`)).status).toBe(404);
  });
});
