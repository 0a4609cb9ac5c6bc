import type { Locale } from '../../contract/countries.ts';
import { LegalDocument, type LegalDocumentId } from '../../contract/legal.ts';
import { call } from './client.ts';

/** The terms of service or the privacy policy in one language; anyone may read them. */
export function fetchLegalDocument(page: LegalDocumentId, locale: Locale, signal?: AbortSignal) {
  return call(`v1/legal/${page}/${locale}/`, LegalDocument, {
    signal,
    useCase: `get_legal_${page}`,
  });
}
