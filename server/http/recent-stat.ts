import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';

/**
 * A file's facts, looked up again at most once per `everyMs` of the clock: a page that
 * notices a rebuild (its index.html, Vite's manifest) costs no system call per request,
 * and requests at the same time share one lookup. A missing file is null.
 */
export function recentStat(clock: { now(): Date }, everyMs: number) {
  const seen = new Map<string, { at: number; info: Promise<Stats | null> }>();
  return (file: string): Promise<Stats | null> => {
    const now = clock.now().getTime();
    const kept = seen.get(file);
    if (kept !== undefined && now >= kept.at && now - kept.at < everyMs) return kept.info;
    const info = stat(file).catch(() => null);
    seen.set(file, { at: now, info });
    return info;
  };
}
