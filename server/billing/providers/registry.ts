import type { PaymentProvider as ProviderId } from '../../../contract/billing.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeProvider } from './stripe.ts';
import { yookassaProvider } from './yookassa.ts';

/** The configured adapter, else the sandbox outside production, else none. */
export function paymentProvider(config: Config, id: ProviderId): PaymentProvider | null {
  const { yookassa, stripe } = config.payments;
  if (id === 'yookassa' && yookassa) return yookassaProvider(yookassa);
  if (id === 'stripe' && stripe) return stripeProvider(stripe);
  return config.nodeEnv === 'production' ? null : sandboxProvider(config, id);
}
