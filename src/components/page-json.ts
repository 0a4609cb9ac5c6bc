import * as v from 'valibot';

/**
 * What the page's `<meta name="…">` carries as JSON, if it is what `schema` reads; null
 * when it carries nothing readable.
 */
export function pageJson<T>(
  doc: Document,
  name: string,
  schema: v.GenericSchema<unknown, T>,
): T | null {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const read = v.safeParse(schema, JSON.parse(content));
    return read.success ? read.output : null;
  } catch {
    return null;
  }
}
