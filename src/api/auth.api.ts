import * as v from 'valibot';
import { AuthResult } from '../../contract/auth.ts';
import { call, formBody } from './client.ts';

export interface Credentials {
  login: string;
  password: string;
  next: string;
}

export function signIn(credentials: Credentials, signal?: AbortSignal): Promise<AuthResult> {
  return call('auth/login/', AuthResult, {
    method: 'POST',
    body: formBody({ ...credentials }),
    signal,
    useCase: 'login',
  });
}

export async function signOut(signal?: AbortSignal): Promise<void> {
  await call('auth/logout/', v.unknown(), { method: 'POST', signal, useCase: 'logout' });
}
