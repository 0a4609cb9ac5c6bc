import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { EXAMPLE_SELLER, EXAMPLE_SITE_FACTS, SiteFacts } from '../../contract/site.ts';

/** The file shipped with the portal (example addresses): where SITE_FILE points unless set. */
export const DEFAULT_SITE_FILE = path.resolve(import.meta.dirname, '../../site.json');

function describe(issue: v.BaseIssue<unknown>): string {
  const where = (issue.path ?? []).map((item) => String(item.key)).join('.');
  return `${where || 'the file'}: ${issue.message}`;
}

/**
 * The support address and the web GIS links, read once when the app is made (a restart
 * picks up a change). A bad file stops the server with a message naming the file and
 * each problem; the default file may be absent (the examples), a configured one not.
 */
export function loadSiteFacts(file: string | null): SiteFacts {
  const where = file ?? DEFAULT_SITE_FILE;
  let text: string;
  try {
    text = readFileSync(where, 'utf8');
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    if (file === null && missing) return EXAMPLE_SITE_FACTS;
    throw new Error(`SITE_FILE ${where}: cannot be read (${String(error)})`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`SITE_FILE ${where}: not JSON (${String(error)})`, { cause: error });
  }
  const result = v.safeParse(SiteFacts, data);
  if (!result.success) {
    throw new Error(`SITE_FILE ${where}:\n  ${result.issues.map(describe).join('\n  ')}`);
  }
  return result.output;
}

/** Whether these are still the shipped examples (a production server warns about it). */
export const isExample = (facts: SiteFacts): boolean =>
  JSON.stringify(facts).includes('example.com') || facts.seller.name.en === EXAMPLE_SELLER.name.en;
