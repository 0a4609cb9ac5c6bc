import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LegalDocumentId } from '../../../contract/legal.ts';

/**
 * The page titles; the heading on the page is the operator's own. Apart from the view,
 * so that the routes naming them in the document title do not bring the view into the
 * first visit's code (decision 0009).
 */
export const legalTitles: Record<LegalDocumentId, MessageDescriptor> = {
  terms: msg`Terms of service`,
  privacy: msg`Privacy policy`,
};
