import type { WebgisState, WebgisTransition } from '../../contract/webgis.ts';
import type { WebgisInstance, WebgisLocationRow } from '../db/schema.ts';

/** How far a change got when the provisioner was asked about it. */
export type ProvisionOutcome = 'done' | 'failed' | 'pending';

/**
 * What makes and changes instances: the sandbox in development, a real cluster's
 * adapter in production. Asking twice for the same change is asking once, so a job
 * that runs again after a crash does no harm.
 */
export interface Provisioner {
  /** Where an instance with this subdomain answers, and its portal sign-in address. */
  addresses(subdomain: string): { url: string; urlOauth: string };
  /** Seconds to let pass after asking for a change before looking how it went. */
  delaySeconds(transition: WebgisTransition, location: WebgisLocationRow): number;
  /** Asks for the instance's change under way (its `stateTransition`) and says how far it got. */
  advance(
    instance: WebgisInstance,
    transition: WebgisTransition,
    location: WebgisLocationRow,
  ): Promise<ProvisionOutcome>;
  /** Whether this server itself answers at the instances' addresses (the sandbox does). */
  readonly servesInstancePages: boolean;
  /** Whether a location is offered (the sandbox's trial locations are not, in production). */
  offers(location: WebgisLocationRow): boolean;
}

/** Where each change ends when it goes well; a change that fails ends in `error`. */
export const TARGET_STATE: Record<WebgisTransition, WebgisState> = {
  wait_for_create: 'started',
  wait_for_start: 'started',
  wait_for_disable: 'disabled',
};
