import type { SocialProvider } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { oauthProvider } from './oauth.ts';
import type { Provider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';

/** Whether the sandbox stands in for this provider: unconfigured, and not production. */
export function usesSandbox(deps: AppDeps, id: SocialProvider): boolean {
  return deps.config.oauth[id] === null && deps.config.nodeEnv !== 'production';
}

/** The configured provider, the sandbox, or null (unconfigured in production). */
export function providerFor(deps: AppDeps, id: SocialProvider): Provider | null {
  const client = deps.config.oauth[id];
  if (client) return oauthProvider(id, client);
  return usesSandbox(deps, id) ? sandboxProvider(deps, id) : null;
}

export function callbackUrl(deps: AppDeps, id: SocialProvider): string {
  return `${deps.config.publicUrl}/api/auth/social/${id}/callback/`;
}
