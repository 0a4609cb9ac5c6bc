import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { setGlobalErrorHandler, type ApiErrorItem } from '../../src/api/errors.ts';

/* What the view tests that answer the API with a stubbed fetch share. */

/** A JSON answer of the stubbed API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the stubbed fetch was asked: the method, the URL (on localhost if relative), the JSON body. */
export function requestOf(input: Request | string, init?: RequestInit) {
  const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  return { url, method, body };
}

/** The API errors the app would show as toasts, collected from now on. */
export function toasts(): ApiErrorItem[] {
  const items: ApiErrorItem[] = [];
  setGlobalErrorHandler((item) => items.push(item));
  return items;
}

/** After each test: unmount, give the real fetch back, collect no more toasts. */
export function unstubApi(): void {
  cleanup();
  vi.unstubAllGlobals();
  setGlobalErrorHandler(() => {});
}
