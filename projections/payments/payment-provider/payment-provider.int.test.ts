import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { paymentProviderStream } from '../../../domain/payments/payment-provider/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { paymentProvidersProjection } from './projection.js'

const spec = useProjectionSpec(paymentProvidersProjection)

const secret = (last4: string) => ({ secretId: randomUUID(), last4 })

function configured(shop: SpecStore, key = secret('sk01'), signing = secret('wh01')) {
  return shop.event(paymentProviderStream(shop.storeId, 'STRIPE'), 'PaymentProviderConfigured', {
    provider: 'STRIPE',
    secretKey: key,
    signingSecret: signing,
    keyId: 'aaaa0001',
  })
}

describe('payment_providers read model', () => {
  it('files a configured provider with the ids and last 4 of its secrets, then follows rotations', async () => {
    const shop = spec.store()
    const key = secret('sk01')
    const signing = secret('wh01')
    const next = secret('wh02')
    const stream = paymentProviderStream(shop.storeId, 'STRIPE')
    await spec.given([configured(shop, key, signing)]).thenRows('payment_providers', shop.storeId, [
      {
        provider: 'STRIPE',
        organization_id: shop.organizationId,
        secret_key_id: key.secretId,
        secret_key_last4: 'sk01',
        signing_secret_id: signing.secretId,
        signing_secret_last4: 'wh01',
        previous_signing_secret_id: null,
        previous_valid_until: null,
        key_id: 'aaaa0001',
        revision: 0,
      },
    ])
    await spec
      .given([
        shop.event(stream, 'PaymentProviderSigningSecretRotated', {
          provider: 'STRIPE',
          signingSecret: next,
          previousSigningSecret: signing,
          previousValidUntil: '2026-01-03T00:00:00.000Z',
          keyId: 'aaaa0002',
        }),
        shop.event(stream, 'PaymentProviderSigningSecretOverlapChanged', {
          provider: 'STRIPE',
          previousValidUntil: '2026-01-02T00:00:00.000Z',
        }),
      ])
      .thenRows('payment_providers', shop.storeId, [
        {
          signing_secret_id: next.secretId,
          signing_secret_last4: 'wh02',
          previous_signing_secret_id: signing.secretId,
          previous_signing_secret_last4: 'wh01',
          previous_valid_until: '2026-01-02T00:00:00.000Z',
          key_id: 'aaaa0002',
          revision: 2,
        },
      ])
  })

  it('drops a removed provider, files it afresh when configured again, and ignores a replay', async () => {
    const shop = spec.store()
    const other = spec.store()
    const stream = paymentProviderStream(shop.storeId, 'STRIPE')
    const first = configured(shop)
    const removed = shop.event(stream, 'PaymentProviderRemoved', { provider: 'STRIPE' })
    await spec.given([first, removed]).thenRows('payment_providers', shop.storeId, [])
    const again = configured(shop, secret('sk09'), secret('wh09'))
    await spec
      .given([again, configured(other)])
      .thenRows('payment_providers', shop.storeId, [{ secret_key_last4: 'sk09', revision: 2 }])
    await spec.given([first]).thenRows('payment_providers', shop.storeId, [{ secret_key_last4: 'sk09', revision: 2 }])
    await spec.given([]).thenRows('payment_providers', other.storeId, [{ secret_key_last4: 'sk01', revision: 0 }])
  })
})
