import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import {
  Distribution,
  OperatingSystem,
  OptionKey,
  ProductId,
  products,
  systemsOf,
  Word,
} from '../../contract/software.ts';
import { resolveInside } from './files.ts';

/** The file operators replace in RELEASES_DIR; everything else there is release files. */
export const MANIFEST_NAME = 'manifest.json';

/** A path inside the folder as the manifest writes it: forward slashes, no `..`, not absolute. */
const RelativePath = v.pipe(
  v.string(),
  v.nonEmpty(),
  v.maxLength(1024),
  v.check(
    (value) =>
      !value.startsWith('/') &&
      !/^[A-Za-z]:/.test(value) &&
      !value.includes('\\') &&
      !value.includes('\0') &&
      value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'expected a path inside the releases folder (relative, no "..")',
  ),
);

const HttpsUrl = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.url(),
  v.startsWith('https://', 'expected an https:// address'),
);

const ManifestRelease = v.pipe(
  v.strictObject({
    id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
    product: ProductId,
    name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)),
    version: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64)),
    tags: v.optional(v.array(Word), []),
    options: v.pipe(
      v.objectWithRest({ os: OperatingSystem, dist: Distribution }, Word),
      v.check(
        (options) => Object.keys(options).every((key) => v.is(OptionKey, key)),
        'expected option names of lower-case letters, digits or underscores',
      ),
    ),
    /** A release file, for every system but android. */
    file: v.optional(RelativePath),
    /** The store page, for android (section 9). */
    store: v.optional(HttpsUrl),
  }),
  v.check(
    (r) => systemsOf[products[r.product].type].includes(r.options.os),
    (issue) => `a ${issue.input.product} release cannot be for ${issue.input.options.os}`,
  ),
  v.check(
    (r) =>
      r.options.os === 'android'
        ? r.store !== undefined && r.file === undefined
        : r.file !== undefined && r.store === undefined,
    'android releases name a store page, every other release a file',
  ),
);

const Manifest = v.pipe(
  v.strictObject({ releases: v.array(ManifestRelease) }),
  v.check(
    (m) => new Set(m.releases.map((r) => r.id)).size === m.releases.length,
    'release ids must be unique',
  ),
);

/** One release as the table keeps it. */
export interface LoadedRelease {
  id: number;
  product: ProductId;
  name: string;
  version: string;
  tags: string[];
  options: Record<string, string>;
  filePath: string | null;
  fileSize: number | null;
  storeUrl: string | null;
  position: number;
}

/** Thrown for a manifest the server must not start with; the message names the problem. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

function describe(issue: v.BaseIssue<unknown>): string {
  const where = (issue.path ?? []).map((step) => String(step.key)).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Reads RELEASES_DIR/manifest.json: no manifest means no releases; a broken one, or a
 * file missing or outside the folder, is an error naming every problem.
 */
export async function readManifest(root: string): Promise<LoadedRelease[]> {
  const file = path.join(root, MANIFEST_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ManifestError(`${file}: not JSON (${reason})`);
  }
  const parsed = v.safeParse(Manifest, data);
  if (!parsed.success) {
    throw new ManifestError(`${file}:\n  ${parsed.issues.map(describe).join('\n  ')}`);
  }
  const problems: string[] = [];
  const loaded: LoadedRelease[] = [];
  for (const [position, release] of parsed.output.releases.entries()) {
    let fileSize: number | null = null;
    if (release.file !== undefined) {
      const found = await resolveInside(root, release.file);
      if (!found) {
        problems.push(`releases.${position}.file: ${release.file} is not a file in ${root}`);
        continue;
      }
      fileSize = found.size;
    }
    loaded.push({
      id: release.id,
      product: release.product,
      name: release.name,
      version: release.version,
      tags: release.tags,
      options: release.options,
      filePath: release.file ?? null,
      fileSize,
      storeUrl: release.store ?? null,
      position,
    });
  }
  if (problems.length > 0) throw new ManifestError(`${file}:\n  ${problems.join('\n  ')}`);
  return loaded;
}
