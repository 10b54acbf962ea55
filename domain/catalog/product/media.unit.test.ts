import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { fold } from '../../shared/event.js'
import { liveMediaKey } from '../../media/streams.js'
import type { ProductCreated, ProductEvent } from './events.js'
import {
  productMediaAttach,
  productMediaCommands,
  productMediaDecider,
  productMediaDetach,
  productMediaReorder,
} from './media-definitions.js'
import {
  PRODUCT_MEDIA_MAX,
  productMediaAttachInput,
  productMediaReorderInput,
  type ProductMediaCommand,
} from './media.js'
import { STORE, ctx, idsEndingIn } from '../../../test/support/decide-context.js'

const P = '01900000-0000-7000-8000-000000000001'
const [A, B, C, D] = idsEndingIn('aa', 'bb', 'cc', 'dd')
const spec = deciderSpec(productMediaDecider, ctx)

const created: ProductCreated = {
  type: 'ProductCreated',
  data: { productId: P, title: 'Shirt', handle: 'shirt', description: '', status: 'ACTIVE', vendor: '', tags: [] },
}
const attached = (mediaIds: string[], position: number): ProductEvent => ({
  type: 'ProductMediaAttached',
  data: { productId: P, mediaIds, position },
})
const withABC = [created, attached([A, B, C], 0)]
const attach = (mediaIds: string[], position: number | null = null): ProductMediaCommand => ({
  type: 'ProductMediaAttach',
  data: { productId: P, mediaIds, position },
})
const detach = (mediaIds: string[]): ProductMediaCommand => ({
  type: 'ProductMediaDetach',
  data: { productId: P, mediaIds },
})
const reorder = (mediaIds: string[]): ProductMediaCommand => ({
  type: 'ProductMediaReorder',
  data: { productId: P, mediaIds },
})

describe('productMediaAttach', () => {
  it('appends by default and inserts at a position, clamped to the end', () => {
    spec
      .given([created])
      .when(attach([A, B]))
      .then([attached([A, B], 0)])
    spec
      .given(withABC)
      .when(attach([D], 1))
      .then([attached([D], 1)])
    spec
      .given(withABC)
      .when(attach([D], 99))
      .then([attached([D], 3)])
  })

  it('leaves media already shown where they are, and records nothing when all are', () => {
    spec
      .given(withABC)
      .when(attach([C, D], 0))
      .then([attached([D], 0)])
    spec
      .given(withABC)
      .when(attach([A, B]))
      .then([])
  })

  it(`holds at most ${PRODUCT_MEDIA_MAX} media`, () => {
    const many = Array.from(
      { length: PRODUCT_MEDIA_MAX },
      (_, i) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    )
    spec
      .given([created, attached(many, 0)])
      .when(attach([A]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'mediaIds'], message: 'at most 250' })
  })

  it('answers NOT_FOUND for a missing or deleted product', () => {
    spec
      .given([])
      .when(attach([A]))
      .thenFails({ code: 'NOT_FOUND', message: `product '${P}' does not exist in this store` })
    spec
      .given([created, { type: 'ProductDeleted', data: { productId: P, handle: 'shirt' } }])
      .when(attach([A]))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('productMediaDetach', () => {
  it('records the media that were shown, ignoring the others', () => {
    spec
      .given(withABC)
      .when(detach([B, D]))
      .then([{ type: 'ProductMediaDetached', data: { productId: P, mediaIds: [B] } }])
    spec
      .given(withABC)
      .when(detach([D]))
      .then([])
  })

  it('answers NOT_FOUND for a missing product', () => {
    spec
      .given([])
      .when(detach([A]))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('productMediaReorder', () => {
  it('puts the listed media first and keeps the rest in order', () => {
    spec
      .given(withABC)
      .when(reorder([C]))
      .then([{ type: 'ProductMediaReordered', data: { productId: P, mediaIds: [C, A, B] } }])
    spec
      .given(withABC)
      .when(reorder([B, A]))
      .then([{ type: 'ProductMediaReordered', data: { productId: P, mediaIds: [B, A, C] } }])
  })

  it('records nothing when the order stays', () => {
    spec
      .given(withABC)
      .when(reorder([A, B, C]))
      .then([])
    spec
      .given(withABC)
      .when(reorder([A]))
      .then([])
  })

  it('refuses media that are not attached, and duplicates, naming the entry', () => {
    spec
      .given(withABC)
      .when(reorder([A, D]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'mediaIds', 1], message: 'is not attached' })
    spec
      .given(withABC)
      .when(reorder([B, B]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'mediaIds', 1], message: 'listed twice' })
  })
})

describe('evolve', () => {
  it('follows the list through attach, detach and reorder, and ignores field changes', () => {
    const state = fold(productMediaDecider, [
      ...withABC,
      { type: 'ProductRetitled', data: { productId: P, title: 'Tee' } },
      attached([D], 1),
      { type: 'ProductMediaDetached', data: { productId: P, mediaIds: [A] } },
      { type: 'ProductMediaReordered', data: { productId: P, mediaIds: [C, D, B] } },
    ])
    expect(state).toEqual({ kind: 'existing', productId: P, mediaIds: [C, D, B] })
  })
})

describe('prepare', () => {
  const env = (live: string[]): PrepareEnv => ({
    ctx,
    newId: () => 'unused',
    reservationOwner: async (scope, key) =>
      scope === STORE ? (live.find((id) => liveMediaKey(id) === key) ?? null) : null,
    readStream: async () => [],
  })

  it('attaches media that live in the store, deduplicated, in the product stream', async () => {
    const prepared = await productMediaAttach.prepare(
      productMediaAttachInput.parse({ productId: P, mediaIds: [A, B.toUpperCase(), A] }),
      env([A, B]),
    )
    expect(prepared).toEqual({
      stream: `product-${STORE}_${P}`,
      entityId: P,
      command: { type: 'ProductMediaAttach', data: { productId: P, mediaIds: [A, B], position: null } },
    })
  })

  it('answers NOT_FOUND for a media that does not live in this store, naming the entry', async () => {
    const error = await Promise.resolve(
      productMediaAttach.prepare(productMediaAttachInput.parse({ productId: P, mediaIds: [A, C] }), env([A])),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'mediaIds', 1],
      message: `media '${C}' does not exist in this store`,
    })
  })

  it('detaches and reorders without checking media, so dangling ids can always be cleaned up', async () => {
    expect(await productMediaDetach.prepare({ productId: P, mediaIds: [D] }, env([]))).toMatchObject({
      stream: `product-${STORE}_${P}`,
    })
    expect(await productMediaReorder.prepare({ productId: P, mediaIds: [D] }, env([]))).toMatchObject({
      stream: `product-${STORE}_${P}`,
    })
  })

  it('validates inputs with the field at fault', () => {
    expect(productMediaAttachInput.safeParse({ productId: P, mediaIds: [] }).error?.issues[0]).toMatchObject({
      path: ['mediaIds'],
      message: 'mediaIds must name at least one media',
    })
    expect(
      productMediaAttachInput.safeParse({ productId: P, mediaIds: [A], position: -1 }).error?.issues[0],
    ).toMatchObject({ path: ['position'] })
    expect(productMediaReorderInput.safeParse({ productId: P, mediaIds: ['x'] }).error?.issues[0]).toMatchObject({
      path: ['mediaIds', 0],
    })
  })

  it('are product writes offered to every transport', () => {
    expect(productMediaCommands.map((d) => [d.name, d.tool, d.scope, d.transports])).toEqual([
      ['productMediaAttach', 'attach_product_media', 'products:write', ['graphql', 'mcp', 'cli']],
      ['productMediaDetach', 'detach_product_media', 'products:write', ['graphql', 'mcp', 'cli']],
      ['productMediaReorder', 'reorder_product_media', 'products:write', ['graphql', 'mcp', 'cli']],
    ])
  })
})
