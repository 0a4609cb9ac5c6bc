import { constants, type Stats } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * The real path of `relative` under `root` when it is a regular file that stays inside
 * the folder once every symlink is followed; null otherwise (missing, `..`, absolute,
 * a link out of the folder, a folder).
 */
export async function resolveInside(
  root: string,
  relative: string,
): Promise<{ path: string; size: number } | null> {
  if (relative.includes('\0') || path.isAbsolute(relative)) return null;
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(path.resolve(realRoot, relative));
  } catch {
    return null;
  }
  if (!real.startsWith(realRoot + path.sep)) return null;
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? { path: real, size: info.size } : null;
}

/** An opened release file: what is streamed is what was measured. */
export interface OpenedFile {
  handle: FileHandle;
  stats: Stats;
}

/**
 * Opens a release file for reading, checked as resolveInside does; the open refuses a
 * last component swapped for a symlink after the check (O_NOFOLLOW).
 */
export async function openInside(root: string, relative: string): Promise<OpenedFile | null> {
  const found = await resolveInside(root, relative);
  if (!found) return null;
  let handle: FileHandle;
  try {
    handle = await open(found.path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    return null;
  }
  return { handle, stats };
}

const CHUNK = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of an opened file as a web stream, read as the
 * client takes them; the handle is closed at the end, on an error, or when the client
 * goes away.
 */
export function streamRange(handle: FileHandle, start: number, end: number) {
  let position = start;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const wanted = Math.min(CHUNK, end - position + 1);
        if (wanted <= 0) {
          await close();
          controller.close();
          return;
        }
        const buffer = new Uint8Array(wanted);
        const { bytesRead } = await handle.read(buffer, 0, wanted, position);
        // The file shrank since it was measured: the answer cannot be completed.
        if (bytesRead === 0) throw new Error('release file shorter than its size');
        position += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
      } catch (error) {
        await close().catch(() => {});
        controller.error(error);
      }
    },
    cancel: close,
  });
}
