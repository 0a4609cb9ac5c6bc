import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../contract/countries.ts';
import type { LegalDocument, LegalDocumentId } from '../contract/legal.ts';
import { withOutput } from './event-params.ts';
import { retryState } from './load-parts.ts';

export interface LegalPageInput {
  page: LegalDocumentId;
  locale: Locale;
}
export interface LegalPageContext extends LegalPageInput {
  text: LegalDocument | null;
}
export type LegalPageEvent = { type: 'legal.retry' };

/**
 * A legal page (/terms, /privacy): loads the operator's text in the page's language
 * once; a failed load says so and may be retried. No timeouts.
 */
export const legalPageMachine = setup({
  types: {
    context: {} as LegalPageContext,
    events: {} as LegalPageEvent,
    input: {} as LegalPageInput,
  },
  actors: {
    fetchDocument: fromPromise<LegalDocument, LegalPageInput>(async () => {
      throw new Error('fetchDocument is provided by the app');
    }),
  },
  actions: {
    keepText: assign({ text: (_, params: { text: LegalDocument }) => params.text }),
  },
}).createMachine({
  id: 'legalPage',
  context: ({ input }) => ({ ...input, text: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The terms of service or privacy policy text loads.',
      tags: ['busy'],
      invoke: {
        id: 'fetchDocument',
        src: 'fetchDocument',
        input: ({ context }) => ({ page: context.page, locale: context.locale }),
        onDone: withOutput('shown', 'keepText', 'text'),
        onError: 'failed',
      },
    },
    shown: { description: 'The document is shown in the page language.' },
    failed: retryState('legal.retry', 'The document could not be loaded, with Try again.'),
  },
});
