import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SecretCipher, secretKeyId } from '../../../infra/secrets/cipher.js'
import { useTestApp } from '../../../test/support/app.js'
import { webhookSigningSecrets } from './open.js'
import { resealPaymentSecrets } from './secrets.js'
import type { PaymentPlatform } from './services.js'

// Rotating the platform key: secrets sealed under the old SECRETS_KEY still open on nodes that
// run with the new key and SECRETS_KEY_PREVIOUS, and the keyId shown says which key sealed them.

const OLD_KEY = randomBytes(32)
const NEW_KEY = randomBytes(32)
const WHSEC = 'whsec_KeyRotationSigningSecret77'

const t = useTestApp({ config: { secretsKey: OLD_KEY } })

/** Another node of the same platform, started with other keys. */
const node = (secretsKey: Buffer, secretsKeyPrevious?: Buffer): PaymentPlatform => ({
  config: { ...t.platform.config, secretsKey, secretsKeyPrevious },
  database: t.platform.database,
})

describe('SECRETS_KEY rotation', () => {
  it('opens what the previous key sealed with SECRETS_KEY_PREVIOUS, fails clearly without it, and reseals under the new key', async () => {
    const { apiKey, storeId } = await t.tenant('key-rotation')
    const response = await t.gql<{ paymentProviderConfigure: { paymentProvider: { keyId: string } } }>(
      apiKey,
      `mutation ($input: PaymentProviderConfigureInput!) { paymentProviderConfigure(input: $input) { paymentProvider { keyId } } }`,
      { input: { provider: 'TEST', webhookSigningSecret: WHSEC } },
    )
    expect(response.errors).toBeUndefined()
    expect(response.data!.paymentProviderConfigure.paymentProvider.keyId).toBe(secretKeyId(OLD_KEY))

    expect(await webhookSigningSecrets(node(NEW_KEY, OLD_KEY), storeId, 'TEST')).toEqual([WHSEC])
    await expect(webhookSigningSecrets(node(NEW_KEY), storeId, 'TEST')).rejects.toThrow(
      `secret sealed under key ${secretKeyId(OLD_KEY)}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`,
    )

    // `emporium payments reseal`: everything under the new key, row ids (and so the events) unchanged.
    const rotated = new SecretCipher(NEW_KEY, OLD_KEY)
    expect((await resealPaymentSecrets(t.platform.database.db, rotated)).resealed).toBeGreaterThanOrEqual(1)
    expect(await resealPaymentSecrets(t.platform.database.db, rotated)).toEqual({ resealed: 0, keyId: rotated.keyId })
    expect(await webhookSigningSecrets(node(NEW_KEY), storeId, 'TEST')).toEqual([WHSEC])
    const listed = await t.gql<{ paymentProviders: { keyId: string }[] }>(apiKey, '{ paymentProviders { keyId } }')
    expect(listed.data!.paymentProviders).toEqual([{ keyId: secretKeyId(NEW_KEY) }])
  })
})
