import path from 'node:path';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { SimpleErrorBody } from '../../contract/errors.ts';
import { Release, ReleasesQuery } from '../../contract/software.ts';
import { requireUser } from '../identity/routes/session.ts';
import type { ReleaseRow, User } from '../db/schema.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../http/validate.ts';
import { contentDisposition, etagOf, ifRangeHolds, parseRange, saveAsName } from './download.ts';
import { matchesNoneMatch } from '../validators.ts';
import { downloadAllowed, signedDownloadQuery } from './download-links.ts';
import { openInside, streamRange } from './files.ts';
import {
  findRelease,
  listReleases,
  matchesFilter,
  optionFilter,
  releasesRoot,
} from './releases.ts';
import { readReference, toReference, type Reference } from '../db/reference-cache.ts';
import { referenceAnswer } from '../http/reference.ts';
import { notFound, forbidden } from '../errors.ts';

const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** The query that opens a download (a signed one when DOWNLOAD_TOKEN is set), or none. */
type LinkQuery = (releaseId: number) => string | null;

/** A row as section 3 describes a release: its options and its one file (or store page). */
function toRelease(row: ReleaseRow, linkQuery: LinkQuery): Release {
  const query = linkQuery(row.id);
  const file =
    row.storeUrl !== null
      ? { id: row.id, name: new URL(row.storeUrl).hostname, size: null, link: row.storeUrl }
      : {
          id: row.id,
          name: path.posix.basename(row.filePath ?? ''),
          size: row.fileSize,
          link: `/api/v1/releases/${row.id}/download${query === null ? '' : `?${query}`}`,
        };
  return v.parse(Release, {
    id: row.id,
    name: row.name,
    product: row.product,
    version: row.version,
    tags: row.tags,
    options: row.options,
    files: [file],
  });
}

/**
 * GET /api/v1/releases: the releases the query names (the software page's read too).
 * With their links unsigned, a text with its validator; signed for this user (with
 * DOWNLOAD_TOKEN set), the list, whose links change with the time.
 */
export async function releaseList(
  deps: AppDeps,
  user: User,
  given: { tag: string | undefined; option: string[] | undefined },
): Promise<Release[] | Reference<Release[]>> {
  const query = parseInput(ReleasesQuery, given);
  const filter = { tag: query.tag, options: optionFilter(query.option) };
  const gate = deps.config.downloadToken;
  // What the software page asks for, every release with its links unsigned, is the same
  // for everyone: its answer is kept, written and tagged once (docs/decisions/0031).
  if (gate === null && filter.tag === undefined && Object.keys(filter.options).length === 0) {
    return readReference(deps.cache, 'releases answer', ['releases'], async () =>
      (await listReleases(deps.db, { options: {} })).map((row) => toRelease(row, () => null)),
    );
  }
  // Every release from memory while the table has not changed (docs/decisions/0031).
  const all = await readReference(deps.cache, 'releases', ['releases'], () =>
    listReleases(deps.db, { options: {} }),
  );
  const rows = all.value.filter((row) => matchesFilter(row, filter));
  const now = deps.clock.now();
  const linkQuery: LinkQuery = (releaseId) =>
    gate === null ? null : signedDownloadQuery(deps.config, gate, user.id, releaseId, now);
  const list = rows.map((row) => toRelease(row, linkQuery));
  return gate === null ? toReference(list) : list;
}

/** Mounted at /api/v1/releases */
export function releasesRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // The software page is for signed-in users (section 6); with DOWNLOAD_TOKEN set, its
  // links are signed for this user (server/software/download-links.ts).
  router.get('/', async (c) => {
    const user = requireUser(c);
    const answer = await releaseList(deps, user, {
      tag: c.req.query('tag'),
      option: c.req.queries('option'),
    });
    return Array.isArray(answer) ? c.json(answer) : referenceAnswer(c, answer, { personal: true });
  });

  // Anyone with the link may download; with DOWNLOAD_TOKEN set, only with a link signed
  // for this release, unexpired, and not another user's than the one signed in.
  router.get('/:id/download', async (c) => {
    const id = c.req.param('id');
    const gate = deps.config.downloadToken;
    if (gate !== null) {
      const params = {
        user: c.req.query('user'),
        expires: c.req.query('expires'),
        signature: c.req.query('signature'),
      };
      const sessionUser = c.get('user')?.id ?? null;
      if (!(await downloadAllowed(deps, gate, params, id, sessionUser, deps.clock.now()))) {
        throw forbidden('permission_denied');
      }
    }
    if (!ID.test(id) || Number(id) > MAX_ID) throw notFound();
    const release = await findRelease(deps.db, Number(id));
    // A store page (android) has no file to serve.
    if (!release || release.filePath === null) throw notFound();
    const root = await releasesRoot(deps.config.releasesDir).catch(() => null);
    const file = root === null ? null : await openInside(root, release.filePath);
    if (!file) throw notFound();

    const { handle, stats } = file;
    const etag = etagOf(stats);
    const lastModified = stats.mtime.toUTCString();
    const validators = { ETag: etag, 'Last-Modified': lastModified, 'Cache-Control': 'no-cache' };
    if (matchesNoneMatch(c.req.header('If-None-Match'), etag)) {
      await handle.close();
      return c.body(null, 304, validators);
    }
    const range = ifRangeHolds(c.req.header('If-Range'), etag, lastModified)
      ? parseRange(c.req.header('Range'), stats.size)
      : { kind: 'whole' as const };
    if (range.kind === 'unsatisfiable') {
      await handle.close();
      const body: v.InferOutput<typeof SimpleErrorBody> = {
        code: 'invalid_input',
        detail: 'The requested range lies outside the file',
      };
      return c.json(body, 416, { 'Content-Range': `bytes */${stats.size}` });
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, stats.size - 1];
    const length = end - start + 1;
    const name = saveAsName(c.req.query('save_as'), path.posix.basename(release.filePath));
    const headers: Record<string, string> = {
      ...validators,
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition(name),
      'Content-Length': String(length),
      'Accept-Ranges': 'bytes',
    };
    const status = range.kind === 'part' ? 206 : 200;
    if (range.kind === 'part') headers['Content-Range'] = `bytes ${start}-${end}/${stats.size}`;
    if (c.req.method === 'HEAD' || length === 0) {
      await handle.close();
      return c.body(null, status, headers);
    }
    return c.body(streamRange(handle, start, end), status, headers);
  });

  return router;
}
