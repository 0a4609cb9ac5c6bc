import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SocialProvider, type SocialAccount } from '../../contract/identity.ts';
import { socialAccounts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';

/** GET /api/v1/profile/social/: the user's social links, the oldest first. */
export function socialAccountsOf(
  deps: Pick<AppDeps, 'db' | 'cache' | 'clock'>,
  userId: number,
): Promise<SocialAccount[]> {
  return userRead(deps, userId, 'social', async () => {
    const rows = await deps.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId))
      .orderBy(asc(socialAccounts.linkedAt));
    const list: SocialAccount[] = [];
    for (const row of rows) {
      const provider = v.safeParse(SocialProvider, row.provider);
      if (!provider.success) continue;
      list.push({
        provider: provider.output,
        email: row.email,
        linked_at: row.linkedAt.toISOString(),
      });
    }
    return list;
  });
}
