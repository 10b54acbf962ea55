import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { liveMediaKey } from '../../media/streams.js'
import type { ProductEvent } from './events.js'
import { productRevert } from './lifecycle-definitions.js'
import type { LiveProduct } from './product.js'
import { mediaChanges, productRevertInput, type ProductRevert } from './revert.js'
import { productHandleKey } from './streams.js'
import { STORE, ctx } from '../../../test/support/decide-context.js'
import { ID, createdWith, toBlueShirt } from '../../../test/support/product-decider.js'

const M1 = '01900000-0000-7000-8000-0000000000a1'
const M2 = '01900000-0000-7000-8000-0000000000b2'
const M3 = '01900000-0000-7000-8000-0000000000c3'

const created = createdWith({ tags: ['cotton'] })
const original: LiveProduct = { ...created.data, seo: { title: '', description: '' }, publishAt: null }
const changes: ProductEvent[] = [
  ...toBlueShirt({ tags: ['linen'], added: ['linen'], removed: ['cotton'] }),
  { type: 'ProductSeoChanged', data: { productId: ID, title: 'Blue', description: 'Blue shirt' } },
  { type: 'ProductPublishScheduled', data: { productId: ID, publishAt: '2026-02-01T00:00:00.000Z' } },
  { type: 'ProductMediaAttached', data: { productId: ID, mediaIds: [M1], position: 0 } },
]
const spec = deciderSpec(productRevert.decider, ctx)
const revert = (target: LiveProduct, mediaIds: string[] = [], toRevision = 0): ProductRevert => ({
  type: 'ProductRevert',
  data: {
    productId: ID,
    toRevision,
    target,
    mediaIds,
    catalog: { productId: ID, options: [], variants: [] },
    attributes: { attributeSetId: null, values: [] },
  },
})

describe('productRevert decide', () => {
  it('emits a ProductReverted marker, then the ordinary change event of every field back to the target', () => {
    spec
      .given([created, ...changes])
      .when(revert(original))
      .then([
        { type: 'ProductReverted', data: { productId: ID, toRevision: 0 } },
        { type: 'ProductRetitled', data: { productId: ID, title: 'Red Shirt' } },
        { type: 'ProductHandleChanged', data: { productId: ID, from: 'blue-shirt', to: 'red-shirt' } },
        { type: 'ProductDescriptionChanged', data: { productId: ID, description: 'Soft' } },
        { type: 'ProductStatusChanged', data: { productId: ID, from: 'DRAFT', to: 'ACTIVE' } },
        { type: 'ProductVendorChanged', data: { productId: ID, vendor: 'Acme' } },
        {
          type: 'ProductTagsChanged',
          data: { productId: ID, tags: ['cotton'], added: ['cotton'], removed: ['linen'] },
        },
        { type: 'ProductSeoChanged', data: { productId: ID, title: '', description: '' } },
        { type: 'ProductPublishUnscheduled', data: { productId: ID, reason: 'cancelled' } },
        { type: 'ProductMediaDetached', data: { productId: ID, mediaIds: [M1] } },
      ])
  })

  it('records nothing when the product already is as at the target revision', () => {
    spec.given([created]).when(revert(original)).then([])
  })

  it('answers NOT_FOUND for a product that does not exist or was deleted', () => {
    spec
      .given([])
      .when(revert(original))
      .thenFails({ code: 'NOT_FOUND', message: `product '${ID}' does not exist in this store` })
    spec
      .given([created, { type: 'ProductDeleted', data: { productId: ID, handle: 'red-shirt' } }])
      .when(revert(original))
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('releases the current handle and claims the restored one (a claim on a taken handle becomes CONFLICT)', () => {
    const state = [created, ...changes].reduce(productRevert.decider.evolve, productRevert.decider.initialState())
    const reverting = productRevert.decider.decide(revert(original), state, ctx)
    expect(productRevert.uniqueness!(reverting, state, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: productHandleKey('blue-shirt'), ownerId: ID },
      expect.objectContaining({
        kind: 'claim',
        scope: STORE,
        key: productHandleKey('red-shirt'),
        ownerId: ID,
        field: ['input', 'handle'],
      }),
    ])
  })
})

describe('mediaChanges', () => {
  it('detaches, attaches and reorders only as much as needed', () => {
    expect(mediaChanges(ID, [M1, M2], [M1, M2])).toEqual([])
    expect(mediaChanges(ID, [M1, M2], [M2, M1])).toEqual([
      { type: 'ProductMediaReordered', data: { productId: ID, mediaIds: [M2, M1] } },
    ])
    expect(mediaChanges(ID, [M1], [M1, M3])).toEqual([
      { type: 'ProductMediaAttached', data: { productId: ID, mediaIds: [M3], position: 1 } },
    ])
    expect(mediaChanges(ID, [M1, M2], [M3, M2])).toEqual([
      { type: 'ProductMediaDetached', data: { productId: ID, mediaIds: [M1] } },
      { type: 'ProductMediaAttached', data: { productId: ID, mediaIds: [M3], position: 0 } },
    ])
    expect(mediaChanges(ID, [M2], [M1, M3, M2])).toEqual([
      { type: 'ProductMediaAttached', data: { productId: ID, mediaIds: [M1, M3], position: 0 } },
    ])
    expect(mediaChanges(ID, [M2, M1], [M1, M3, M2])).toEqual([
      { type: 'ProductMediaAttached', data: { productId: ID, mediaIds: [M3], position: 1 } },
      { type: 'ProductMediaReordered', data: { productId: ID, mediaIds: [M1, M3, M2] } },
    ])
  })
})

describe('productRevert prepare', () => {
  const history = [created, ...changes].map((event, revision): PastEvent => ({
    ...event,
    revision,
    occurredAt: `2026-01-01T00:00:0${revision}Z`,
  }))
  const env = (events: PastEvent[], liveMedia: string[] = []): PrepareEnv => ({
    ctx,
    newId: () => 'unused',
    reservationOwner: async (_scope, key) => liveMedia.find((id) => key === liveMediaKey(id)) ?? null,
    readStream: async () => events,
  })
  const prepare = (input: unknown, e: PrepareEnv) => productRevert.prepare(productRevertInput.parse(input), e)

  it('folds the stream up to toRevision into the target, keeping media that still exist', async () => {
    const prepared = await prepare({ id: ID, toRevision: 9 }, env(history, [M1]))
    expect(prepared.command.data.mediaIds).toEqual([M1])
    expect(prepared.command.data.target).toMatchObject({
      title: 'Blue Shirt',
      status: 'DRAFT',
      publishAt: '2026-02-01T00:00:00.000Z',
    })
    expect((await prepare({ id: ID, toRevision: 9 }, env(history))).command.data.mediaIds).toEqual([])
    expect((await prepare({ id: ID, toRevision: 1 }, env(history))).command.data.target).toMatchObject({
      title: 'Blue Shirt',
      handle: 'red-shirt',
    })
  })

  it('folds through the whole command that wrote toRevision: revision 0 is the product as its create command made it', async () => {
    const command =
      (commandId: string) =>
      (event: ProductEvent, revision: number): PastEvent => ({
        ...event,
        revision,
        occurredAt: '2026-01-01T00:00:00Z',
        commandId,
      })
    const creation = [created, changes[6]!, changes[8]!].map(command('create'))
    const update = [changes[0]!, changes[2]!].map((event, index) => command('update')(event, index + 3))
    const prepared = await prepare({ id: ID, toRevision: 0 }, env([...creation, ...update], [M1]))
    expect(prepared.command.data.target).toMatchObject({
      title: 'Red Shirt',
      seo: { title: 'Blue', description: 'Blue shirt' },
    })
    expect(prepared.command.data.mediaIds).toEqual([M1])
    expect((await prepare({ id: ID, toRevision: 3 }, env([...creation, ...update]))).command.data.target).toMatchObject(
      { title: 'Blue Shirt', description: 'Softer' },
    )
  })

  it('refuses a revision beyond the current one with the field path and the range', async () => {
    const error = await Promise.resolve(prepare({ id: ID, toRevision: 10 }, env(history))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
      message: expect.stringContaining('between 0 and 9'),
    })
    expect(productRevertInput.safeParse({ id: ID, toRevision: -1 }).error?.issues[0]).toMatchObject({
      path: ['toRevision'],
      message: 'toRevision must be 0 or more (0 is the product as its creation made it)',
    })
    expect(productRevertInput.safeParse({ id: ID, toRevision: 1.5 }).error?.issues[0]?.message).toBe(
      'toRevision must be a whole number',
    )
  })

  it('answers NOT_FOUND for an unknown or deleted product', async () => {
    await expect(prepare({ id: ID, toRevision: 0 }, env([]))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const deleted: PastEvent = {
      type: 'ProductDeleted',
      data: { productId: ID, handle: 'blue-shirt' },
      revision: 10,
      occurredAt: '2026-01-01T00:00:10Z',
    }
    await expect(prepare({ id: ID, toRevision: 0 }, env([...history, deleted]))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
