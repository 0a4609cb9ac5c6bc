import {
  products,
  type OperatingSystem,
  type ProductId,
  type Release,
  type ReleaseFile,
} from '../../../contract/software.ts';
import type { Locale } from '../../i18n/locale.ts';

/**
 * What a download is saved as: the product's installer name, the system and variant,
 * and the extension of the file it is (`qgis-setup-win64-network.exe`).
 */
export function saveAsName(release: Release, file: ReleaseFile): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(file.name)?.[0] ?? '';
  const { os, dist } = release.options;
  return `${products[release.product].installerName}-${os}-${dist}${extension}`;
}

/** The API's download link of a file (with the token, when the server gave one) and `save_as`. */
export function downloadHref(release: Release, file: ReleaseFile): string {
  const separator = file.link.includes('?') ? '&' : '?';
  return `${file.link}${separator}save_as=${encodeURIComponent(saveAsName(release, file))}`;
}

/** Section 9: android entries are store pages, shown in the page's language. */
export function isStorePage(os: OperatingSystem): boolean {
  return os === 'android';
}

export function storeHref(link: string, locale: Locale): string {
  const url = new URL(link);
  if (url.hostname === 'play.google.com') url.searchParams.set('hl', locale);
  return url.toString();
}

/** The store's name for a link: Google Play, or its host. */
export function storeName(link: string): string {
  const host = new URL(link).hostname;
  return host === 'play.google.com' ? 'Google Play' : host;
}

/** Section 9: outside the Russian locale, QGIS is offered on its own site, not as files. */
export function externalSiteOf(product: ProductId, locale: Locale): string | null {
  return locale === 'ru' ? null : (products[product].externalSite ?? null);
}
