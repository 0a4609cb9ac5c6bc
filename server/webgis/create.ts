import { eq } from 'drizzle-orm';
import { isReservedLabelForm, isSubdomain, type WebgisErrorCode } from '../../contract/webgis.ts';
import type { Locale } from '../../contract/countries.ts';
import { currentSubscription } from '../billing/subscription.ts';
import { webgisInstances, webgisLocations, type User, type WebgisInstance } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { requestChange } from './provision.ts';
import { webgisProvisioner } from './registry.ts';
import { isReservedSubdomain } from '../reserved-subdomains.ts';

export type CreateRequest = { subdomain_name: string; language: Locale; location_id: string };

/** Why a create was refused, and the form field it concerns (null: none). */
export type CreateRefusal =
  | { code: Extract<WebgisErrorCode, 'domain' | 'subdomain_taken'>; field: 'subdomain_name' }
  | { code: Extract<WebgisErrorCode, 'location_not_found'>; field: 'location_id' }
  | { code: Extract<WebgisErrorCode, 'webgis_exists' | 'webgis_unavailable'>; field: null };

export type CreateResult =
  { ok: true; instance: WebgisInstance } | { ok: false; refusal: CreateRefusal };

/** Thrown inside the transaction to roll it back; caught outside as a refusal. */
class Refused extends Error {
  readonly refusal: CreateRefusal;
  constructor(refusal: CreateRefusal) {
    super(refusal.code);
    this.refusal = refusal;
  }
}

/**
 * create_webgis (section 7): the instance in wait_for_create and its provisioning job,
 * in one transaction. One instance per user: an instance whose creation failed (error)
 * is replaced, any other one refuses. The subdomain is unique among all instances; a
 * parallel create of the same name or by the same user loses at the unique index.
 */
export async function createWebgis(
  deps: AppDeps,
  user: User,
  request: CreateRequest,
): Promise<CreateResult> {
  const provisioner = webgisProvisioner(deps.config);
  if (!provisioner) return refused({ code: 'webgis_unavailable', field: null });
  const subdomain = request.subdomain_name.trim().toLowerCase();
  if (!isSubdomain(subdomain) || isReservedLabelForm(subdomain)) {
    return refused({ code: 'domain', field: 'subdomain_name' });
  }
  // Taken by the operator: the same answer as a name another user holds, so the list
  // is not spelled out by the refusals.
  if (isReservedSubdomain(deps.config, subdomain)) {
    return refused({ code: 'subdomain_taken', field: 'subdomain_name' });
  }
  try {
    const instance = await deps.db.transaction(async (tx) => {
      const [location] = await tx
        .select()
        .from(webgisLocations)
        .where(eq(webgisLocations.id, request.location_id));
      if (!location || !provisioner.offers(location)) {
        throw new Refused({ code: 'location_not_found', field: 'location_id' });
      }
      const [own] = await tx
        .select()
        .from(webgisInstances)
        .where(eq(webgisInstances.userId, user.id))
        .for('update');
      if (own && own.state !== 'error') throw new Refused({ code: 'webgis_exists', field: null });
      if (own) await tx.delete(webgisInstances).where(eq(webgisInstances.id, own.id));
      const { plan } = await currentSubscription(tx, user);
      const { url, urlOauth } = provisioner.addresses(subdomain);
      const now = deps.clock.now();
      const [created] = await tx
        .insert(webgisInstances)
        .values({
          userId: user.id,
          subdomain,
          locationId: location.id,
          language: request.language,
          state: 'wait_for_create',
          stateTransition: 'wait_for_create',
          url,
          urlOauth,
          checkedPlan: plan,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        // Either index: this user's (a parallel create committed first) or the name's.
        const mine = await tx
          .select({ id: webgisInstances.id })
          .from(webgisInstances)
          .where(eq(webgisInstances.userId, user.id));
        throw new Refused(
          mine.length > 0
            ? { code: 'webgis_exists', field: null }
            : { code: 'subdomain_taken', field: 'subdomain_name' },
        );
      }
      await requestChange(deps, tx, created, 'wait_for_create', location, provisioner);
      return created;
    });
    return { ok: true, instance };
  } catch (error) {
    if (error instanceof Refused) return refused(error.refusal);
    throw error;
  }
}

function refused(refusal: CreateRefusal): CreateResult {
  return { ok: false, refusal };
}
