import { describe, expect, it } from 'vitest';
import { checkoutRequest, sendJson, signedIn } from './billing.ts';
import { useTestServer } from './harness.ts';
import { fieldCodes } from './identity.ts';

const server = useTestServer();

/** The card checkout's refusals name the payer's field, so the form shows each at its own. */
describe('autopayment refusals point at their fields', () => {
  const payer = { first_name: 'Ann', second_name: 'Lee', email: 'ann@example.com', country: 'GB' };

  it('names each refused field of the payer', async () => {
    const { client } = await signedIn(server());
    const bad = await client.postJson('/api/autopayment/', {
      ...checkoutRequest(),
      user_data: { ...payer, first_name: ' ', email: 'not-an-address' },
    });
    expect(bad.status).toBe(400);
    expect(await fieldCodes(bad)).toEqual([
      ['user_data.first_name', 'required'],
      ['user_data.email', 'email'],
    ]);
    // Other fields keep their own names beside the payer's.
    const both = await client.postJson('/api/autopayment/', {
      ...checkoutRequest(),
      plan: 'gold',
      user_data: { ...payer, second_name: '' },
    });
    expect(await fieldCodes(both)).toEqual([
      ['plan', 'invalid_input'],
      ['user_data.second_name', 'required'],
    ]);
    // No object to look into: the payer's data as a whole.
    const shapeless = await client.postJson('/api/autopayment/', {
      ...checkoutRequest(),
      user_data: 'Ann Lee',
    });
    expect(await fieldCodes(shapeless)).toEqual([['user_data', 'invalid_input']]);
  });

  it('refuses a country that is not in the list at the country', async () => {
    const { client } = await signedIn(server());
    const answer = await client.postJson(
      '/api/autopayment/',
      checkoutRequest({ user_data: { ...payer, country: 'ZZ' } }),
    );
    expect(answer.status).toBe(400);
    expect(await fieldCodes(answer)).toEqual([['user_data.country', 'country_not_found']]);
    expect((await client.get('/api/autopayment/')).status).toBe(404);
  });

  it('names them for a plan change too', async () => {
    const { client } = await signedIn(server());
    const { provider: _provider, ...change } = checkoutRequest();
    const answer = await sendJson(client, 'PATCH', '/api/autopayment/', {
      ...change,
      user_data: { ...payer, country: 'gb' },
    });
    expect(await fieldCodes(answer)).toEqual([['user_data.country', 'invalid_input']]);
  });
});
