import { randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import type { SecretLabel, SecretStash, StashedSecret } from '../../../domain/shared/command.js'
import { PAYMENT_PROVIDER_KINDS, type PaymentProviderKind } from './port.js'
import { stashPaymentSecret } from './secrets.js'
import { paymentServices, type PaymentPlatform } from './services.js'

/**
 * The command path's `PrepareEnv.secrets`: seals payment provider secrets into
 * `payment_provider_secrets` before the event that names them.
 */
export function paymentSecretStash(platform: PaymentPlatform): SecretStash {
  const seal = async (storeId: string, label: SecretLabel, value: string): Promise<StashedSecret> => {
    if (!PAYMENT_PROVIDER_KINDS.includes(label.provider as PaymentProviderKind))
      throw new Error(`no payment provider '${label.provider}'`)
    const secretId = uuidv7()
    const keyId = await stashPaymentSecret(
      platform.database.db,
      await paymentServices(platform).cipher(),
      { secretId, storeId, provider: label.provider as PaymentProviderKind, purpose: label.purpose },
      value,
    )
    return { secretId, keyId, last4: value.slice(-4) }
  }
  return {
    seal,
    generate: (storeId, label, prefix) => seal(storeId, label, `${prefix}${randomBytes(24).toString('base64url')}`),
  }
}
