import { afterEach, describe, expect, it, vi } from 'vitest';
import { yookassaProvider } from '../../server/billing/providers/yookassa.ts';

/**
 * The YooKassa adapter offline: the API answered by a stand-in for fetch. Webhooks carry
 * no signature, so a notification counts only as the payment read back from the API,
 * and an answer of another shape than a payment is refused, never read as one.
 */
const adapter = yookassaProvider({ shopId: 'shop', secretKey: 'key' });
const idle = () => new AbortController().signal;

function answering(payment: unknown) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: string | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push(`${request.method} ${request.url}`);
    return Promise.resolve(Response.json(payment));
  });
  return asked;
}

const notification = (id: string) => JSON.stringify({ event: 'payment.succeeded', object: { id } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the YooKassa adapter', () => {
  it('counts a notification as the payment the API reads back', async () => {
    const asked = answering({
      id: 'p-1',
      status: 'succeeded',
      payment_method: { id: 'pm-1', saved: true },
      metadata: { checkout_id: 'c-1' },
    });
    const event = await adapter.verifyWebhook(notification('p-1'), new Headers(), idle());
    expect(asked).toEqual(['GET https://api.yookassa.ru/v3/payments/p-1']);
    expect(event).toEqual({
      id: 'p-1:succeeded',
      checkoutId: 'c-1',
      type: 'payment.succeeded',
      error: undefined,
      ref: 'pm-1',
    });
  });

  it('refuses an answer that is not a payment, instead of reading it as one', async () => {
    answering({ id: 'p-2', status: 'paid_twice', metadata: { checkout_id: 'c-2' } });
    await expect(
      adapter.verifyWebhook(notification('p-2'), new Headers(), idle()),
    ).rejects.toThrow();
    answering({ status: 'succeeded', metadata: { checkout_id: 'c-2' } });
    await expect(
      adapter.verifyWebhook(notification('p-2'), new Headers(), idle()),
    ).rejects.toThrow();
  });

  it('asks nothing for a notification without a well-formed payment id', async () => {
    const asked = answering({});
    expect(
      await adapter.verifyWebhook('{"object":{"id":"../x"}}', new Headers(), idle()),
    ).toBeNull();
    expect(await adapter.verifyWebhook('not json', new Headers(), idle())).toBeNull();
    expect(asked).toEqual([]);
  });

  it("names a notification's event by its payment and status without asking the API", async () => {
    const asked = answering({});
    const body = JSON.stringify({
      event: 'payment.succeeded',
      object: { id: 'p-3', status: 'succeeded' },
    });
    expect(await adapter.claimedEventId?.(body, new Headers())).toBe('p-3:succeeded');
    expect(await adapter.claimedEventId?.(notification('p-3'), new Headers())).toBeNull();
    expect(await adapter.claimedEventId?.('not json', new Headers())).toBeNull();
    expect(asked).toEqual([]);
  });
});
