import type { Config } from '../config.ts';
import type { Provisioner } from './provisioner.ts';
import { sandboxProvisioner } from './sandbox.ts';

/**
 * The sandbox outside production. Production has no provisioner until a real cluster's
 * adapter is written behind the same interface (docs/decisions/0501-webgis.md): creating
 * then answers 503 and nothing is queued.
 */
export function webgisProvisioner(
  config: Pick<Config, 'nodeEnv' | 'publicUrl' | 'webgis'>,
): Provisioner | null {
  return config.nodeEnv === 'production' ? null : sandboxProvisioner(config);
}
