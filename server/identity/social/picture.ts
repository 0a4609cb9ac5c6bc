/*
 * The person's picture from a social provider, shown as the userpic. The browser loads
 * it from the provider's picture host, which the page's Content-Security-Policy names
 * (server/http/security-headers.ts); an address on any other host is not kept, so the
 * page never asks a host the policy does not name (docs/decisions/0213).
 */

/** The hosts the real providers serve pictures from (Google, GitHub, Yandex). */
export const PICTURE_SOURCES = [
  'https://*.googleusercontent.com',
  'https://avatars.githubusercontent.com',
  'https://avatars.yandex.net',
] as const;

const MAX_LENGTH = 2000;

function allowedHost(host: string): boolean {
  return PICTURE_SOURCES.some((source) => {
    const pattern = source.slice('https://'.length);
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

/**
 * The picture address worth keeping: https on a provider's picture host, or an address
 * of the sandbox's pictures on this server (`ownOrigin`); else null.
 */
export function keptPicture(url: string | null, ownOrigin: string): string | null {
  if (url === null || url.length > MAX_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  // Of this server, only the sandbox's pictures: no other address of ours is an image.
  if (parsed.origin === new URL(ownOrigin).origin)
    return parsed.pathname.startsWith('/sandbox/idp/') ? parsed.href : null;
  return parsed.protocol === 'https:' && allowedHost(parsed.hostname) ? parsed.href : null;
}
