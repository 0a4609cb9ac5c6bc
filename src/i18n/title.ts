import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { site } from '../components/site.ts';

/** The document title of a route: the page, then the service. */
export function pageTitle(page: MessageDescriptor) {
  return { meta: [{ title: `${i18n._(page)} — ${i18n._(site.name)}` }] };
}
