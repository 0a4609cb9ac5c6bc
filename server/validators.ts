// HTTP validators (RFC 9110 §13.1.2): whether a client's copy is still the current one.
// A leaf: the software downloads and the reference data answers both ask it.

/** If-None-Match: `*` or a list of tags compared weakly (W/ ignored). */
export function matchesNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
