import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { categoryTreeStream } from '../../../domain/catalog/category/streams.js'
import { productStream } from '../../../domain/catalog/product/streams.js'
import { reservationStream } from '../../../domain/shared/reservations.js'
import { organizationStream } from '../../../domain/tenancy/organization/streams.js'
import { storeStream } from '../../../domain/tenancy/store/streams.js'
import { useProjectionSpec } from '../../../test/support/projection-spec.js'
import { auditLogProjection } from './projection.js'

const spec = useProjectionSpec(auditLogProjection)

const ENTRY = ['position', 'type', 'entity_type', 'entity_id', 'revision']

describe('audit log read model', () => {
  it('files every event of a store under the entity of its stream, with who did it and why', async () => {
    const shop = spec.store()
    const productId = randomUUID()
    const stream = productStream(shop.storeId, productId)
    const actor = { type: 'user' as const, id: randomUUID(), name: 'Ada' }
    const created = shop.event(stream, 'ProductCreated', { productId, title: 'Mug' }, { actor })
    const retitled = shop.event(
      stream,
      'ProductRetitled',
      { productId, title: 'Big mug' },
      { causationId: created.id, correlationId: created.metadata.correlationId },
    )
    await spec.given([created, retitled]).thenRows('audit_log', shop.storeId, [
      {
        position: created.position,
        organization_id: shop.organizationId,
        event_id: created.id,
        type: 'ProductCreated',
        stream_name: stream,
        entity_type: 'product',
        entity_id: productId,
        revision: 0,
        occurred_at: created.metadata.occurredAt,
        actor,
        data: { productId, title: 'Mug' },
        correlation_id: created.metadata.correlationId,
        causation_id: null,
      },
      {
        position: retitled.position,
        organization_id: shop.organizationId,
        event_id: retitled.id,
        type: 'ProductRetitled',
        stream_name: stream,
        entity_type: 'product',
        entity_id: productId,
        revision: 1,
        occurred_at: retitled.metadata.occurredAt,
        actor: { type: 'system', id: 'test' },
        data: { productId, title: 'Big mug' },
        correlation_id: created.metadata.correlationId,
        causation_id: created.id,
      },
    ])
  })

  it("files the store's own organization-scoped stream under the store, and leaves out reservations and other organization streams", async () => {
    const shop = spec.store()
    const orgScoped = { storeId: null }
    await spec
      .given([
        shop.event(
          storeStream(shop.organizationId, shop.storeId),
          'StoreCreated',
          { storeId: shop.storeId },
          orgScoped,
        ),
        shop.event(organizationStream(shop.organizationId), 'OrganizationRenamed', { name: 'Acme' }, orgScoped),
        shop.event(reservationStream(shop.storeId, 'product-handle:mug'), 'UniqueValueReserved', { key: 'mug' }),
      ])
      .thenRows('audit_log', shop.storeId, [
        {
          position: expect.any(String),
          type: 'StoreCreated',
          entity_type: 'store',
          entity_id: shop.storeId,
          revision: 0,
        },
      ])
  })

  it("files a category tree event under its category, with the category's own revision", async () => {
    const shop = spec.store()
    const [shoes, hats] = [randomUUID(), randomUUID()]
    const tree = categoryTreeStream(shop.storeId)
    const events = [
      shop.event(tree, 'CategoryCreated', { categoryId: shoes, title: 'Shoes' }),
      shop.event(tree, 'CategoryCreated', { categoryId: hats, title: 'Hats' }),
      shop.event(tree, 'CategoryRetitled', { categoryId: shoes, title: 'Boots' }),
    ]
    await spec.given(events).thenRows('audit_log', shop.storeId, [
      {
        position: events[0]!.position,
        type: 'CategoryCreated',
        entity_type: 'category',
        entity_id: shoes,
        revision: 0,
      },
      { position: events[1]!.position, type: 'CategoryCreated', entity_type: 'category', entity_id: hats, revision: 0 },
      {
        position: events[2]!.position,
        type: 'CategoryRetitled',
        entity_type: 'category',
        entity_id: shoes,
        revision: 1,
      },
    ])
  })

  it('keeps one entry per event when a batch is applied again, and no entry of another store', async () => {
    const shop = spec.store()
    const other = spec.store()
    const productId = randomUUID()
    const created = shop.event(productStream(shop.storeId, productId), 'ProductCreated', { productId })
    const expected = [
      { position: created.position, type: 'ProductCreated', entity_type: 'product', entity_id: productId, revision: 0 },
    ]
    await spec.given([created]).thenRows('audit_log', shop.storeId, expected)
    await spec
      .given([created, other.event(productStream(other.storeId, randomUUID()), 'ProductCreated', {})])
      .thenRows('audit_log', shop.storeId, expected)
  })

  it("clears for a store rebuild only what the store's own streams replay", async () => {
    const shop = spec.store()
    const productId = randomUUID()
    const storeCreated = shop.event(
      storeStream(shop.organizationId, shop.storeId),
      'StoreCreated',
      { storeId: shop.storeId },
      { storeId: null },
    )
    await spec
      .given([storeCreated, shop.event(productStream(shop.storeId, productId), 'ProductCreated', { productId })])
      .thenRows('audit_log', shop.storeId, [{ type: 'StoreCreated' }, { type: 'ProductCreated' }], ['position'])
    await spec.database.db.transaction().execute((trx) => auditLogProjection.clearStore!(trx, shop.storeId))
    expect(await spec.rows('audit_log', shop.storeId, ENTRY)).toEqual([
      {
        position: storeCreated.position,
        type: 'StoreCreated',
        entity_type: 'store',
        entity_id: shop.storeId,
        revision: 0,
      },
    ])
  })
})
