import type { WebgisTransition } from '../../contract/webgis.ts';
import type { Config } from '../config.ts';
import type { WebgisLocationRow } from '../db/schema.ts';
import type { Provisioner } from './provisioner.ts';

/** An overrun takes this much longer than WEBGIS_PROVISION_SECONDS: past the SPA's 60-s poll. */
export const OVERRUN_EXTRA_SECONDS = 90;

type Behaviour = 'ok' | 'fail' | 'overrun';

/**
 * The embedded provisioner: it keeps no state of its own. Creation "takes"
 * WEBGIS_PROVISION_SECONDS (the provisioning job's delay), then succeeds, or fails for
 * a location marked `fail` (or everywhere with WEBGIS_SANDBOX=fail), or takes 90 s
 * longer for one marked `overrun`. Starting and disabling are immediate. The server
 * answers at every instance's address with a small page (instance-page.ts).
 */
export function sandboxProvisioner(config: Pick<Config, 'publicUrl' | 'webgis'>): Provisioner {
  const base = new URL(config.publicUrl);
  const port = base.port === '' ? '' : `:${base.port}`;
  const behaviour = (location: WebgisLocationRow): Behaviour =>
    location.sandbox === 'fail' || location.sandbox === 'overrun'
      ? location.sandbox
      : config.webgis.sandboxOutcome;
  return {
    servesInstancePages: true,
    offers: () => true,
    addresses(subdomain) {
      const url = `${base.protocol}//${subdomain}.${config.webgis.domain}${port}/`;
      return { url, urlOauth: `${url}login/oauth/` };
    },
    delaySeconds(transition: WebgisTransition, location) {
      if (transition !== 'wait_for_create') return 0;
      const seconds = config.webgis.provisionSeconds;
      return behaviour(location) === 'overrun' ? seconds + OVERRUN_EXTRA_SECONDS : seconds;
    },
    async advance(_instance, transition, location) {
      return transition === 'wait_for_create' && behaviour(location) === 'fail' ? 'failed' : 'done';
    },
  };
}
