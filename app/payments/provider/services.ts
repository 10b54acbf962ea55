import type { Config } from '../../../infra/config.js'
import type { Database } from '../../../infra/database/database.js'
import type { SecretCipher } from '../../../infra/secrets/cipher.js'
import { platformSecretCipher } from '../../../infra/secrets/platform-key.js'
import { oncePer } from '../../../infra/once-per.js'
import type { TestRefundDelivery } from './test-provider.js'

/** What payment providers need of a platform: its configuration and database. */
export interface PaymentPlatform {
  config: Config
  database: Database
}

/** Where the Stripe SDK sends its requests; api.stripe.com unless a test points it at a local fake. */
export interface StripeApiEndpoint {
  host: string
  port: number
  protocol: 'http' | 'https'
}

export interface PaymentServices {
  /** The cipher for secrets at rest, made on first use (its key may live in the database). */
  cipher(): Promise<SecretCipher>
  /** undefined = Stripe's own API. */
  stripeApi: StripeApiEndpoint | undefined
  /** What the TEST provider's `refund` calls: the simulated `charge.refunded` webhook, once the webhook part registers it. */
  testRefundDelivery: TestRefundDelivery | undefined
}

const byPlatform = oncePer(buildPaymentServices)

/** The payment services of a platform, built from its configuration on first use. */
export function paymentServices(platform: PaymentPlatform): PaymentServices {
  return byPlatform.get(platform)
}

/**
 * Points a platform's Stripe adapter at another API host. Only code can call this — no
 * configuration variable leads here — so tests can stand a local server in for api.stripe.com
 * while production always talks to Stripe.
 */
export function usePaymentServices(
  platform: PaymentPlatform,
  overrides: Partial<Pick<PaymentServices, 'stripeApi' | 'testRefundDelivery'>>,
): void {
  byPlatform.set(platform, { ...paymentServices(platform), ...overrides })
}

function buildPaymentServices(platform: PaymentPlatform): PaymentServices {
  let cipher: Promise<SecretCipher> | undefined
  return {
    cipher() {
      cipher ??= platformSecretCipher(platform.config, platform.database.db).catch((error: unknown) => {
        cipher = undefined
        throw error
      })
      return cipher
    },
    stripeApi: undefined,
    testRefundDelivery: undefined,
  }
}
