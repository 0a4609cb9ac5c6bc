import { eq, lt } from 'drizzle-orm';
import { oauthStates } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { hashToken } from '../tokens.ts';

export const STATE_TTL_MS = 10 * 60 * 1000;
/** The intent of a row that holds a new identity until its visitor agrees to the terms. */
export const CONSENT_INTENT = 'consent';

type NewState = Omit<typeof oauthStates.$inferInsert, 'stateHash' | 'expiresAt'>;

/** Keeps a started flow's `state` (as a hash) for ten minutes; abandoned ones are purged. */
export async function saveState(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  state: string,
  flow: NewState,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    await tx.insert(oauthStates).values({
      ...flow,
      stateHash: hashToken(state),
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
}

/** The flow of a `state`, consumed: single use, whatever happens next. */
export async function takeState(deps: Pick<AppDeps, 'db'>, state: string) {
  const [row] = await deps.db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, hashToken(state)))
    .returning();
  return row;
}
