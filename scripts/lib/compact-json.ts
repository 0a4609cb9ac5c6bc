/**
 * JSON laid out for reading: an object or array that fits on its line within `width`
 * columns stays on one line (`{ "target": "#login.done", "actions": ["keep"] }`), a
 * larger one opens a line per entry. A flow's chart then reads a transition per line.
 */
export function compactJson(value: unknown, width = 100): string {
  return layout(value, width, 0, 0, 0);
}

/**
 * `value` laid out from column `start` of a line indented by `indent`, with `after`
 * columns to keep after it on its last line (the comma before the next entry).
 */
function layout(
  value: unknown,
  width: number,
  indent: number,
  start: number,
  after: number,
): string {
  const flat = oneLine(value);
  if (value === null || typeof value !== 'object' || start + flat.length + after <= width) {
    return flat;
  }
  const inner = ' '.repeat(indent + 2);
  const lines = Array.isArray(value)
    ? value.map((item, i) => inner + layout(item, width, indent + 2, indent + 2, comma(value, i)))
    : Object.entries(value).map(([key, item], i, all) => {
        const head = `${inner}${JSON.stringify(key)}: `;
        return head + layout(item, width, indent + 2, head.length, comma(all, i));
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join(',\n')}\n${' '.repeat(indent)}${close}`;
}

function oneLine(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`,
  );
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

const comma = (list: unknown[], i: number) => (i < list.length - 1 ? 1 : 0);
