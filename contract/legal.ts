import * as v from 'valibot';

/*
 * The terms of service and the privacy policy: operator data (LEGAL_DIR), read by the
 * server at start and served to the SPA. GET /api/v1/legal/{document}/{locale}/
 * answers LegalDocument, or 404 not_found for an unknown document or locale.
 */

export const legalDocuments = ['terms', 'privacy'] as const;
export const LegalDocumentId = v.picklist(legalDocuments);
export type LegalDocumentId = v.InferOutput<typeof LegalDocumentId>;

/** One block of the text: a section heading, a paragraph, or a list of items. */
export const LegalBlock = v.variant('kind', [
  v.object({ kind: v.literal('heading'), text: v.string() }),
  v.object({ kind: v.literal('paragraph'), text: v.string() }),
  v.object({ kind: v.literal('list'), items: v.array(v.string()) }),
]);
export type LegalBlock = v.InferOutput<typeof LegalBlock>;

export const LegalDocument = v.object({
  title: v.string(),
  blocks: v.array(LegalBlock),
});
export type LegalDocument = v.InferOutput<typeof LegalDocument>;
