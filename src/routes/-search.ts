import { retainSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';

/**
 * The query of the sign-in, sign-up and reset pages: `next` (the page to return to)
 * plus whatever the previous page carried, kept as it is (routes that keep the query).
 */
export const KeptQuery = v.looseObject({ next: v.optional(v.string()) });
export type KeptQuery = v.InferOutput<typeof KeptQuery>;

/** Only a local path may be a place to return to. */
export function safeNext(next: string | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\'))
    return fallback;
  return next;
}

/**
 * Route options of the routes flagged to keep the query: any link to them carries
 * the query of the page it is on (so `next` survives sign-in ↔ sign-up ↔ reset).
 */
export const keepQuery = {
  validateSearch: KeptQuery,
  search: { middlewares: [retainSearchParams<KeptQuery>(true)] },
};
