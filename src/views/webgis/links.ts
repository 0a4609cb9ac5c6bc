import type { Locale } from '../../i18n/locale.ts';
import { pageSiteFacts } from '../../components/site.ts';

/** The related-info panel's links (section 2): operator data the page carries (SITE_FILE). */
export const relatedLinks = (
  doc: Document = document,
): Record<'video' | 'demo' | 'docs' | 'data', Record<Locale, string>> =>
  pageSiteFacts(doc).webgis_links;
