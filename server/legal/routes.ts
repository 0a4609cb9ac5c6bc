import { Hono } from 'hono';
import * as v from 'valibot';
import { Locale } from '../../contract/countries.ts';
import { LegalDocumentId } from '../../contract/legal.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { libraryKey, loadLegalDocuments } from './documents.ts';
import { notFound } from '../errors.ts';
import { toReference, type Reference } from '../db/reference-cache.ts';
import { referenceAnswer } from '../http/reference.ts';

/**
 * Mounted at /api/v1/legal/: GET {document}/{locale}/ answers the terms of service or
 * the privacy policy, for anyone (sign-up links to them). The texts are read from
 * LEGAL_DIR once, when the app is made; a restart picks up new ones.
 */
export function legalRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const library = loadLegalDocuments(deps.config.legalDir, deps.logger);
  // Each document's answer and validator, made at its first read.
  const answers = new Map<string, Reference<unknown>>();

  router.get('/:document/:locale/', async (c) => {
    const document = v.safeParse(LegalDocumentId, c.req.param('document'));
    const locale = v.safeParse(Locale, c.req.param('locale'));
    if (!document.success || !locale.success) throw notFound();
    const key = libraryKey(document.output, locale.output);
    const found = (await library).get(key);
    if (!found) throw notFound();
    let reference = answers.get(key);
    if (!reference) answers.set(key, (reference = toReference(found)));
    return referenceAnswer(c, reference, { personal: false });
  });

  return router;
}
