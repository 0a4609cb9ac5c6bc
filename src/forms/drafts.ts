import type { DraftValues } from '../../machines/draft-offer.machine.ts';
import { isPasswordField } from './trim.ts';

/**
 * Unsaved forms kept across a session's end (decision 0025). A form with unsaved
 * changes registers a keeper; when a call answers 401 and the session ends, every
 * keeper writes its form to sessionStorage under the user and the form, before the
 * app goes to sign in. Passwords are never kept.
 */
const keepers = new Set<() => void>();

/** The storage key of one user's draft of one form: never read for another user. */
export function draftKey(owner: string, form: string): string {
  return `portal:draft:${encodeURIComponent(owner)}:${form}`;
}

export function registerDraftKeeper(keep: () => void): () => void {
  keepers.add(keep);
  return () => keepers.delete(keep);
}

/** The session ended: every mounted form keeps what it holds unsaved. */
export function keepDrafts(): void {
  for (const keep of keepers) keep();
}

export function writeDraft(owner: string, form: string, values: DraftValues): void {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name]) => !isPasswordField(name)),
  );
  try {
    sessionStorage.setItem(draftKey(owner, form), JSON.stringify(kept));
  } catch {
    // Storage full or refused: the draft is lost, as it was before.
  }
}

export function readDraft(owner: string, form: string): DraftValues | null {
  try {
    const text = sessionStorage.getItem(draftKey(owner, form));
    const parsed: unknown = text === null ? null : JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as DraftValues)
      : null;
  } catch {
    return null;
  }
}

export function clearDraft(owner: string, form: string): void {
  try {
    sessionStorage.removeItem(draftKey(owner, form));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
