import type Stripe from 'stripe'

/**
 * The official Stripe SDK (~11 MB resident), loaded by the first payment work that needs it: a
 * node that never verifies a Stripe webhook, opens a checkout or refunds never loads it.
 */
export function stripeSdk(): Promise<typeof Stripe> {
  return import('stripe').then((module) => module.default)
}
