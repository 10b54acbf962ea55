import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { domainStream } from '../../../domain/tenancy/domain/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { storeDomainsProjection } from './projection.js'

const spec = useProjectionSpec(storeDomainsProjection)

function domainEvent(shop: SpecStore, type: string, domainId: string, hostname: string, more = {}) {
  return shop.event(domainStream(shop.storeId), type, { storeId: shop.storeId, domainId, hostname, ...more })
}

const added = (shop: SpecStore, domainId: string, hostname: string) =>
  domainEvent(shop, 'StoreDomainAdded', domainId, hostname, { verificationToken: `token-${hostname}` })

describe('store domains read model', () => {
  it('files an added domain as pending', async () => {
    const shop = spec.store()
    const domainId = randomUUID()
    await spec.given([added(shop, domainId, `${domainId}.example`)]).thenRows('store_domains', shop.storeId, [
      {
        id: domainId,
        organization_id: shop.organizationId,
        hostname: `${domainId}.example`,
        status: 'PENDING',
        is_primary: false,
        verified_at: null,
      },
    ])
  })

  it('records a verification, a failure, and moves the primary flag from one domain to the next', async () => {
    const shop = spec.store()
    const [a, b] = [randomUUID(), randomUUID()]
    const [hostA, hostB] = [`${a}.example`, `${b}.example`]
    await spec
      .given([
        added(shop, a, hostA),
        added(shop, b, hostB),
        domainEvent(shop, 'StoreDomainVerified', a, hostA),
        domainEvent(shop, 'StoreDomainVerificationFailed', b, hostB, { reason: 'no TXT record', found: [] }),
        domainEvent(shop, 'StoreDomainMadePrimary', a, hostA, { previousDomainId: null }),
      ])
      .thenRows(
        'store_domains',
        shop.storeId,
        [
          { hostname: hostA, status: 'VERIFIED', is_primary: true, verification_message: null },
          { hostname: hostB, status: 'FAILED', is_primary: false, verification_message: 'no TXT record' },
        ],
        ['created_at'],
      )
    await spec.given([domainEvent(shop, 'StoreDomainMadePrimary', b, hostB, { previousDomainId: a })]).thenRows(
      'store_domains',
      shop.storeId,
      [
        { hostname: hostA, is_primary: false },
        { hostname: hostB, is_primary: true },
      ],
      ['created_at'],
    )
  })

  it("drops a removed domain and leaves another store's domains alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    const [mine, theirs] = [randomUUID(), randomUUID()]
    await spec
      .given([
        added(shop, mine, `${mine}.example`),
        added(other, theirs, `${theirs}.example`),
        domainEvent(other, 'StoreDomainMadePrimary', theirs, `${theirs}.example`, { previousDomainId: null }),
      ])
      .thenRows('store_domains', shop.storeId, [{ id: mine, is_primary: false }])
    await spec
      .given([domainEvent(shop, 'StoreDomainRemoved', mine, `${mine}.example`, { wasPrimary: false })])
      .thenRows('store_domains', shop.storeId, [])
    await spec.given([]).thenRows('store_domains', other.storeId, [{ id: theirs, is_primary: true }])
  })
})
