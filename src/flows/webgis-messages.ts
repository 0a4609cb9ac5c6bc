import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebgisErrorCode } from '../../contract/webgis.ts';

/**
 * The words for the web GIS codes (contract/webgis.ts); a new code without text fails
 * the type check. `domain` is section 5's message, the rest name what only the server knows.
 */
export const webgisErrorMessages: Record<WebgisErrorCode, MessageDescriptor> = {
  domain: msg`Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed`,
  subdomain_taken: msg`This domain name is already taken`,
  location_not_found: msg`This data center is not available. Choose another one`,
  webgis_exists: msg`You already have a Web GIS`,
  webgis_unavailable: msg`Web GIS creation is not available now`,
};

/** Reported when the instance ended in error while its creation was polled. */
export const creationFailed = msg`Your Web GIS could not be created`;
