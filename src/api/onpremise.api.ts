import * as v from 'valibot';
import { Binding, BindingList, type BindingCreate } from '../../contract/onpremise.ts';
import { readPaths } from '../../contract/page-reads.ts';
import { call, givenRead } from './client.ts';

/** The user's bound on-premise identifiers, newest first, and how many may be bound. */
export function fetchBindings(signal?: AbortSignal) {
  return call(readPaths.bindings, BindingList, { signal, useCase: 'get_bindings' });
}

/** The bound identifiers the page brought, if it did (`givenRead`). */
export const givenBindings = () => givenRead(readPaths.bindings, BindingList);

/** Binds an identifier; the answer is the new binding. */
export function bindIdentifier(request: BindingCreate, signal?: AbortSignal) {
  return call(readPaths.bindings, Binding, {
    method: 'POST',
    body: { ...request },
    signal,
    useCase: 'bind_identifier',
  });
}

/** Unbinds one of the user's identifiers (204). */
export async function unbindIdentifier(id: number, signal?: AbortSignal) {
  await call(`v1/onpremise/bindings/${id}/`, v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'unbind_identifier',
  });
}
