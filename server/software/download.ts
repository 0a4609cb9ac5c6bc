import type { Stats } from 'node:fs';

/*
 * The HTTP rules of a download, kept apart from Hono so they can be tested alone:
 * byte ranges (RFC 9110 §14), validators, and the saved name (RFC 6266).
 */

/** A strong validator from size and modification time, as nginx makes them. */
export function etagOf(stats: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/** If-Range: the Range holds only when the validator is our strong ETag or our date. */
export function ifRangeHolds(
  header: string | undefined,
  etag: string,
  lastModified: string,
): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"')) return value === etag;
  if (value.startsWith('W/')) return false;
  return value === lastModified;
}

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const DIGITS = /^\d{1,15}$/;

/**
 * One byte range of a file of `size` bytes. Anything but a single well-formed bytes
 * range is ignored (the whole file), as RFC 9110 allows; a range starting past the
 * end, or of zero bytes from the end, cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (!DIGITS.test(last)) return { kind: 'whole' };
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  if (!DIGITS.test(first) || (last !== '' && !DIGITS.test(last))) return { kind: 'whole' };
  const start = Number(first);
  // last-pos below first-pos makes the range invalid, so ignored, not unsatisfiable.
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

const MAX_NAME = 200;

/**
 * The name to save as: only the last path segment of `requested` (no folders, so no
 * `../` anywhere), without control characters or leading dots; the file's own name
 * when nothing usable is left.
 */
export function saveAsName(requested: string | undefined, fallback: string): string {
  const last = (requested ?? '').split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const name = [...clean].slice(0, MAX_NAME).join('');
  return name === '' ? fallback : name;
}

/** RFC 5987 value characters: attr-char, everything else percent-encoded as UTF-8. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** RFC 6266: an ASCII `filename` for old clients and the exact name in `filename*`. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
