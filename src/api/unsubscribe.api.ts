import { Unsubscription } from '../../contract/identity.ts';
import { call } from './client.ts';

const path = (token: string) => `v1/unsubscribe/${encodeURIComponent(token)}/`;

export function fetchUnsubscription(token: string, signal?: AbortSignal) {
  return call(path(token), Unsubscription, { signal, useCase: 'get_unsubscription' });
}

export function confirmUnsubscription(token: string, signal?: AbortSignal) {
  return call(path(token), Unsubscription, { method: 'POST', signal, useCase: 'unsubscribe' });
}
