import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { PromotionList, type Promotion } from '../../contract/promotions.ts';

/** The list shipped with the portal: where PROMOTIONS_FILE points unless set. */
export const DEFAULT_PROMOTIONS_FILE = path.resolve(import.meta.dirname, '../../promotions.json');

function describe(issue: v.BaseIssue<unknown>): string {
  const where = (issue.path ?? []).map((item) => String(item.key)).join('.');
  return `${where || 'the list'}: ${issue.message}`;
}

/**
 * The seasonal promotions, read once when the app is made (a restart picks up a
 * change). A bad file stops the server with a message naming the file and each
 * problem; the default file may be absent (no promotions), a configured one not.
 */
export function loadPromotions(file: string | null): Promotion[] {
  const where = file ?? DEFAULT_PROMOTIONS_FILE;
  let text: string;
  try {
    text = readFileSync(where, 'utf8');
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    if (file === null && missing) return [];
    throw new Error(`PROMOTIONS_FILE ${where}: cannot be read (${String(error)})`, {
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`PROMOTIONS_FILE ${where}: not JSON (${String(error)})`, { cause: error });
  }
  const result = v.safeParse(PromotionList, data);
  if (!result.success) {
    throw new Error(`PROMOTIONS_FILE ${where}:\n  ${result.issues.map(describe).join('\n  ')}`);
  }
  return result.output;
}
