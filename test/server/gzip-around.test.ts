import { randomBytes } from 'node:crypto';
import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipAround, gzipSides } from '../../server/http/gzip-around.ts';

const bytes = (text: string) => Buffer.from(text);
// A side past deflate's 32 KiB window, with words the middle repeats.
const head = bytes(
  `<!doctype html><html><head>${'<meta name="a" content="Профиль">'.repeat(1200)}`,
);
const tail = bytes(`</head><body>${'<div id="root"></div>'.repeat(2000)}</body></html>`);
const sides = gzipSides(head, tail);

describe('a page gzipped around its middle, its sides compressed once', () => {
  it.each([
    ['a JSON middle', bytes('<script>[{"path":"v1/profile/","answer":{"name":"Иван"}}]</script>')],
    ['an empty middle', Buffer.alloc(0)],
    ['a middle past the window that repeats the sides', Buffer.concat([head, tail, head])],
    ['a middle that does not compress', randomBytes(70_000)],
  ])('reads back as head, middle and tail: %s', (_, middle) => {
    const zipped = gzipAround(sides, middle);
    // gunzip checks the stream's checksum and its length as well as its blocks.
    expect(gunzipSync(zipped).equals(Buffer.concat([head, middle, tail]))).toBe(true);
  });

  it('sends the sides as they were deflated when the page was made', () => {
    const zipped = gzipAround(sides, bytes('<script>[]</script>'));
    expect(zipped.subarray(10, 10 + sides.headDeflated.byteLength).equals(sides.headDeflated)).toBe(
      true,
    );
    const tailAt = zipped.byteLength - 8 - sides.tailDeflated.byteLength;
    expect(zipped.subarray(tailAt, zipped.byteLength - 8).equals(sides.tailDeflated)).toBe(true);
    // Each side reads alone: it refers to nothing outside itself.
    expect(inflateRawSync(sides.tailDeflated).equals(tail)).toBe(true);
    // The head ends on a sync flush, with no last block: read as far as it goes.
    const headRead = inflateRawSync(sides.headDeflated, { finishFlush: constants.Z_SYNC_FLUSH });
    expect(headRead.equals(head)).toBe(true);
  });

  it('weighs about what the whole page gzipped at once would', () => {
    const middle = bytes(
      JSON.stringify({ teams: Array.from({ length: 50 }, (_, id) => ({ id })) }),
    );
    const whole = Buffer.concat([head, middle, tail]);
    const zipped = gzipAround(sides, middle);
    expect(zipped.byteLength).toBeLessThan(whole.byteLength / 10);
  });
});
