import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A text whose two sides are the same for every answer and whose middle is not (a
 * signed-in user's page around their reads), compressed as the sides were once: the
 * sides are deflated when the text is made, each answer deflates its middle alone, and
 * the answer is one gzip stream of the three. Each piece ends where a deflate block
 * ends, on a byte (a sync flush), and refers to nothing before it, so the pieces read as
 * one stream; only the checksum runs over the whole text.
 */
export type GzipSides = {
  head: Buffer<ArrayBuffer>;
  tail: Buffer<ArrayBuffer>;
  headDeflated: Buffer<ArrayBuffer>;
  tailDeflated: Buffer<ArrayBuffer>;
  headCrc: number;
};

// ID1 ID2, deflate, no flags, no time, no extra flags, an unknown system (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The sides, deflated as well as they go: they are made once and sent many times. */
export function gzipSides(head: Buffer<ArrayBuffer>, tail: Buffer<ArrayBuffer>): GzipSides {
  return {
    head,
    tail,
    headDeflated: deflateRawSync(head, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: constants.Z_SYNC_FLUSH,
    }),
    tailDeflated: deflateRawSync(tail, { level: constants.Z_BEST_COMPRESSION }),
    headCrc: crc32(head),
  };
}

/** The gzip stream of head, middle and tail, of which only the middle is compressed now. */
export function gzipAround(sides: GzipSides, middle: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(sides.tail, crc32(middle, sides.headCrc)), 0);
  // ISIZE: the text's length modulo 2^32.
  trailer.writeUInt32LE(
    (sides.head.byteLength + middle.byteLength + sides.tail.byteLength) % 2 ** 32,
    4,
  );
  return Buffer.concat([
    GZIP_HEADER,
    sides.headDeflated,
    deflateRawSync(middle, { finishFlush: constants.Z_SYNC_FLUSH }),
    sides.tailDeflated,
    trailer,
  ]);
}
