import * as v from 'valibot';
import { EXAMPLE_WEBGIS_LINKS, WebgisLinks } from '../../../contract/site.ts';
import { pageJson } from '../../components/page-json.ts';

const Links = v.object({ webgis_links: WebgisLinks });

/**
 * The related-info panel's links (section 2): operator data the page carries (SITE_FILE),
 * the shipped examples when it carries nothing readable.
 */
export const relatedLinks = (doc?: ParentNode): WebgisLinks =>
  pageJson('portal-site', Links, doc)?.webgis_links ?? EXAMPLE_WEBGIS_LINKS;
