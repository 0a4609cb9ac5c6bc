import * as v from 'valibot';

/** The page's meta values as a server render was given them (src/entry-server.tsx). */
let rendered: ReadonlyMap<string, string> | null = null;

/** A server render has no document: it reads the page's meta values from these instead. */
export function setRenderedMeta(values: ReadonlyMap<string, string> | null): void {
  rendered = values;
}

/**
 * What the page's `<meta name="…" content="…">` says: in `doc` (the page's document by
 * default), or, in a server render, as it was given; null when the page has no such meta.
 */
export function pageMeta(name: string, doc?: ParentNode): string | null {
  const from = doc ?? (typeof document === 'undefined' ? null : document);
  if (from === null) return rendered?.get(name) ?? null;
  return from.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

/**
 * What the page's `<meta name="…">` carries as JSON, if it is what `schema` reads; null
 * when it carries nothing readable.
 */
export function pageJson<T>(
  name: string,
  schema: v.GenericSchema<unknown, T>,
  doc?: ParentNode,
): T | null {
  const content = pageMeta(name, doc);
  if (!content) return null;
  try {
    const read = v.safeParse(schema, JSON.parse(content));
    return read.success ? read.output : null;
  } catch {
    return null;
  }
}
