import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { storefrontTokenStream } from '../../../domain/settings/storefront-token/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { storefrontTokensProjection } from './projection.js'
import { activeTokenStore } from './queries.js'

const spec = useProjectionSpec(storefrontTokensProjection)

const created = (shop: SpecStore, tokenId: string, tokenHash: string) =>
  shop.event(storefrontTokenStream(shop.storeId, tokenId), 'StorefrontTokenCreated', {
    tokenId,
    storeId: shop.storeId,
    name: 'Next.js shop',
    tokenHash,
    last4: 'abcd',
  })

describe('storefront_tokens read model', () => {
  it('files a created token as ACTIVE, found by its hash for its store', async () => {
    const shop = spec.store()
    const tokenId = randomUUID()
    const hash = 'a1'.repeat(32)
    await spec
      .given([created(shop, tokenId, hash)])
      .thenRows('storefront_tokens', shop.storeId, [
        { id: tokenId, name: 'Next.js shop', token_hash: hash, last4: 'abcd', status: 'ACTIVE', revoked_at: null },
      ])
    expect(await activeTokenStore(spec.database.db, hash)).toBe(shop.storeId)
  })

  it('keeps a revoked token as REVOKED, which no longer authenticates', async () => {
    const shop = spec.store()
    const tokenId = randomUUID()
    const hash = 'b2'.repeat(32)
    const revoked = shop.event(storefrontTokenStream(shop.storeId, tokenId), 'StorefrontTokenRevoked', { tokenId })
    await spec
      .given([created(shop, tokenId, hash), revoked])
      .thenRows('storefront_tokens', shop.storeId, [
        { id: tokenId, status: 'REVOKED', revoked_at: new Date(revoked.metadata.occurredAt).toISOString() },
      ])
    expect(await activeTokenStore(spec.database.db, hash)).toBeNull()
  })
})
