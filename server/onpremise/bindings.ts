import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BINDINGS_MAX,
  IDENTIFIER_RULE,
  normalizeIdentifier,
  type Binding,
  type BindingList,
  type OnpremiseErrorCode,
} from '../../contract/onpremise.ts';
import type { Database } from '../db/client.ts';
import { onpremiseBindings, users, type OnpremiseBinding, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';
import { effectivePlan } from '../teams/effective-plan.ts';

/*
 * The identifier binding commands (sections 2 and 6; decision 0701). Binding needs the
 * premium plan, the user's own or through a team; an identifier is bound to one account
 * at most, and an account holds at most BINDINGS_MAX. Each command is one transaction.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'cache'>;

/** Why a bind was refused; the route turns it into its section-8 answer. */
export type BindRefusal = Extract<
  OnpremiseErrorCode,
  'identifier' | 'identifier_taken' | 'binding_limit' | 'premium_required'
>;

/** Thrown inside the transaction to roll it back; caught by the route. */
export class BindRefused extends Error {
  readonly refusal: BindRefusal;
  constructor(refusal: BindRefusal) {
    super(refusal);
    this.refusal = refusal;
  }
}

export type BindRequest = { identifier: string; label: string };

export function toBinding(row: OnpremiseBinding): Binding {
  return {
    id: row.id,
    identifier: row.identifier,
    label: row.label,
    bound_at: row.boundAt.toISOString(),
  };
}

async function bindingsOf(db: Database, userId: number): Promise<OnpremiseBinding[]> {
  return db
    .select()
    .from(onpremiseBindings)
    .where(eq(onpremiseBindings.userId, userId))
    .orderBy(desc(onpremiseBindings.boundAt), desc(onpremiseBindings.id));
}

/** GET /api/v1/onpremise/bindings/: the user's own bindings, newest first. */
export async function listBindings(deps: Deps, user: User): Promise<BindingList> {
  return userRead(deps, user.id, 'onpremise-bindings', async () => {
    const rows = await deps.db.transaction((tx) => bindingsOf(tx, user.id));
    return { bindings: rows.map(toBinding), max: BINDINGS_MAX };
  });
}

/**
 * POST /api/v1/onpremise/bindings/: binds the identifier to the user. The user's row is
 * locked first, so two binds of one account queue and the count holds; the unique index
 * settles two accounts binding one identifier at once (the second inserts nothing).
 */
export async function bindIdentifier(
  deps: Deps,
  user: User,
  request: BindRequest,
): Promise<Binding> {
  const identifier = normalizeIdentifier(request.identifier);
  if (!IDENTIFIER_RULE.test(identifier)) throw new BindRefused('identifier');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const { effective } = await effectivePlan(tx, user.id, now);
    if (effective !== 'premium') throw new BindRefused('premium_required');
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(onpremiseBindings)
      .where(eq(onpremiseBindings.userId, user.id));
    if ((held?.count ?? 0) >= BINDINGS_MAX) throw new BindRefused('binding_limit');
    const [row] = await tx
      .insert(onpremiseBindings)
      .values({ userId: user.id, identifier, label: request.label.trim(), boundAt: now })
      .onConflictDoNothing({ target: onpremiseBindings.identifier })
      .returning();
    if (!row) throw new BindRefused('identifier_taken');
    return toBinding(row);
  });
}

/**
 * DELETE /api/v1/onpremise/bindings/{id}/: frees the identifier. Only the owner's own
 * binding goes; any other id (another account's, or none) answers false. Allowed on
 * every plan: what a user bound, they may always unbind.
 */
export async function unbindIdentifier(deps: Deps, user: User, id: number): Promise<boolean> {
  const removed = await deps.db.transaction((tx) =>
    tx
      .delete(onpremiseBindings)
      .where(and(eq(onpremiseBindings.id, id), eq(onpremiseBindings.userId, user.id)))
      .returning({ id: onpremiseBindings.id }),
  );
  return removed.length > 0;
}

/** The bindings as the personal-data export gives them. */
export async function onpremiseData(db: Database, userId: number) {
  const rows = await bindingsOf(db, userId);
  return rows.map(({ identifier, label, boundAt }) => ({
    identifier,
    label,
    bound_at: boundAt.toISOString(),
  }));
}
