import Stripe from 'stripe';
import type { Config } from '../config.ts';

export type StripeClient = Stripe;

/**
 * The official Stripe SDK, pointed at `STRIPE_API_URL` (Stripe itself, or a
 * local server speaking its API in tests). Requests time out after 20 s and
 * are retried once, with the SDK's idempotency keys, so a retry never
 * charges twice.
 */
export function createStripeClient(config: Config['billing']): StripeClient {
  const url = new URL(config.stripeApiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.stripeSecretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: 20_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Cardstock' },
  });
}
