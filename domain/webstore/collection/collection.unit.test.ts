import { describe, expect, it } from 'vitest'
import { assertHandleLife } from '../../../test/support/handle-life-spec.js'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PrepareEnv } from '../../shared/command.js'
import type { CollectionCommand } from './commands.js'
import {
  collectionCreate,
  collectionDecider,
  collectionHandleReservations,
  collectionProductsAdd,
  collectionUpdate,
} from './definitions.js'
import type { CollectionEvent, CollectionFields } from './events.js'
import type { CollectionRule } from './rules.js'
import { collectionHandleKey } from './streams.js'
import { STORE, ctx, idsEndingIn } from '../../../test/support/decide-context.js'

const C = '01900000-0000-7000-8000-0000000000c1'
const [P1, P2, P3] = idsEndingIn('f1', 'f2', 'f3')
const NOW = '2026-01-02T03:04:05.000Z'
const spec = deciderSpec(collectionDecider, ctx)

const summer: CollectionRule = { field: 'TAG', relation: 'EQUALS', value: 'summer', attributeCode: null }
const cheap: CollectionRule = { field: 'PRICE', relation: 'LESS_THAN', value: '50', attributeCode: null }
const manualFields: CollectionFields = {
  collectionId: C,
  title: 'Picks',
  handle: 'picks',
  description: '',
  imageId: null,
  type: 'MANUAL',
  sortOrder: 'MANUAL',
  rules: [],
  disjunctive: false,
}
const smartFields: CollectionFields = {
  ...manualFields,
  title: 'Summer',
  handle: 'summer',
  type: 'SMART',
  sortOrder: 'CREATED_DESC',
  rules: [summer, cheap],
}
const manual: CollectionEvent = { type: 'CollectionCreated', data: manualFields }
const smart: CollectionEvent = { type: 'CollectionCreated', data: smartFields }
const published: CollectionEvent = { type: 'CollectionPublished', data: { collectionId: C, publishedAt: NOW } }
const added = (productIds: string[], position = 0): CollectionEvent => ({
  type: 'CollectionProductsAdded',
  data: { collectionId: C, productIds, position },
})

const create = (
  fields: CollectionFields,
  extra: Partial<Extract<CollectionCommand, { type: 'CollectionCreate' }>['data']> = {},
): CollectionCommand => ({
  type: 'CollectionCreate',
  data: { ...fields, status: 'PUBLISHED', seo: { title: '', description: '' }, ...extra },
})
const update = (
  data: Omit<Extract<CollectionCommand, { type: 'CollectionUpdate' }>['data'], 'collectionId'>,
): CollectionCommand => ({ type: 'CollectionUpdate', data: { collectionId: C, ...data } })
const products = (
  type: 'CollectionProductsAdd' | 'CollectionProductsRemove' | 'CollectionProductsReorder',
  productIds: string[],
  position: number | null = null,
): CollectionCommand =>
  type === 'CollectionProductsAdd'
    ? { type, data: { collectionId: C, productIds, position } }
    : { type, data: { collectionId: C, productIds } }

const env = (live: string[] = [], taken: string[] = []): PrepareEnv => ({
  ctx,
  newId: () => C,
  reservationOwner: async (_scope, key) => (taken.includes(key) ? 'someone' : null),
  readStream: async (stream) =>
    live.some((id) => stream.endsWith(id)) ? [{ type: 'ProductCreated', data: {}, revision: 0, occurredAt: NOW }] : [],
})

describe('collectionCreate', () => {
  it('records a published manual collection with its SEO', () => {
    spec
      .given([])
      .when(create(manualFields, { seo: { title: 'Picks!', description: '' } }))
      .then([
        manual,
        { type: 'CollectionSeoChanged', data: { collectionId: C, title: 'Picks!', description: '' } },
        published,
      ])
  })

  it('records a smart collection with its rules, as a draft when asked', () => {
    spec
      .given([])
      .when(create(smartFields, { status: 'DRAFT' }))
      .then([smart])
  })

  it('refuses a smart collection without rules or in manual order, a manual one with rules, and a reused id', () => {
    spec
      .given([])
      .when(create({ ...smartFields, rules: [] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'rules'], message: 'at least one rule' })
    spec
      .given([])
      .when(create({ ...smartFields, sortOrder: 'MANUAL' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sortOrder'] })
    spec
      .given([])
      .when(create({ ...manualFields, rules: [summer] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'rules'] })
    spec
      .given([])
      .when(create({ ...manualFields, disjunctive: true }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'disjunctive'] })
    spec.given([manual]).when(create(manualFields)).thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('prepares a free handle, the type from the rules and its default order', async () => {
    const input = collectionCreate.input.parse({
      title: 'Summer',
      rules: [{ field: 'TAG', relation: 'EQUALS', value: 'summer' }],
      disjunctive: null,
    })
    const prepared = await collectionCreate.prepare(input, env([], [collectionHandleKey('summer')]))
    expect(prepared).toMatchObject({
      stream: `collection-${STORE}_${C}`,
      entityId: C,
      command: {
        data: { handle: 'summer-2', type: 'SMART', sortOrder: 'CREATED_DESC', rules: [summer], status: 'PUBLISHED' },
      },
    })
    const plain = await collectionCreate.prepare(collectionCreate.input.parse({ title: 'Picks' }), env())
    expect(plain.command).toMatchObject({
      data: { type: 'MANUAL', sortOrder: 'MANUAL', rules: [], disjunctive: false },
    })
  })

  it('refuses a CATEGORY rule naming a category the store does not have', async () => {
    const input = collectionCreate.input.parse({
      title: 'Shirts',
      rules: [summer, { field: 'CATEGORY', relation: 'EQUALS', value: P1 }],
    })
    await expect(collectionCreate.prepare(input, env())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'rules', 1, 'value'],
    })
  })
})

describe('collectionUpdate', () => {
  it('records each changed field as its own event and nothing for unchanged ones', () => {
    spec
      .given([smart, published])
      .when(
        update({
          title: 'Sun',
          handle: 'sun',
          description: '<p>Hot</p>',
          imageId: P3,
          seo: { description: 'D' },
          status: 'DRAFT',
          rules: [summer],
          disjunctive: true,
          sortOrder: 'PRICE_ASC',
        }),
      )
      .then([
        { type: 'CollectionRetitled', data: { collectionId: C, title: 'Sun' } },
        { type: 'CollectionHandleChanged', data: { collectionId: C, from: 'summer', to: 'sun' } },
        { type: 'CollectionDescriptionChanged', data: { collectionId: C, description: '<p>Hot</p>' } },
        { type: 'CollectionImageChanged', data: { collectionId: C, imageId: P3 } },
        { type: 'CollectionSeoChanged', data: { collectionId: C, title: '', description: 'D' } },
        { type: 'CollectionUnpublished', data: { collectionId: C } },
        { type: 'CollectionRulesChanged', data: { collectionId: C, rules: [summer], disjunctive: true } },
        { type: 'CollectionSortOrderChanged', data: { collectionId: C, sortOrder: 'PRICE_ASC' } },
      ])
    spec
      .given([smart, published])
      .when(update({ title: 'Summer', rules: [summer, cheap], disjunctive: false, status: 'PUBLISHED' }))
      .then([])
    spec
      .given([manual])
      .when(update({ status: 'PUBLISHED' }))
      .then([published])
  })

  it('refuses rules on a manual collection, no rules or manual order on a smart one, and unknown or deleted ones', () => {
    spec
      .given([manual])
      .when(update({ rules: [summer] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'rules'] })
    spec
      .given([smart])
      .when(update({ rules: [] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'rules'] })
    spec
      .given([smart])
      .when(update({ sortOrder: 'MANUAL' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sortOrder'] })
    spec
      .given([])
      .when(update({ title: 'x' }))
      .thenFails({
        code: 'NOT_FOUND',
        message: `collection '${C}' does not exist in this store`,
        field: ['input', 'id'],
      })
    spec
      .given([manual, { type: 'CollectionDeleted', data: { collectionId: C, handle: 'picks' } }])
      .when(update({ title: 'x' }))
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('keeps imageId "" (remove) apart from left out', async () => {
    const prepared = await collectionUpdate.prepare(
      collectionUpdate.input.parse({ id: C.toUpperCase(), imageId: '', title: null }),
      env(),
    )
    expect(prepared.command).toEqual({
      type: 'CollectionUpdate',
      data: expect.objectContaining({ collectionId: C, imageId: null, title: undefined }),
    })
    await expect(
      collectionUpdate.prepare(collectionUpdate.input.parse({ id: C, imageId: P3 }), env()),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: ['input', 'imageId'] })
  })
})

describe('collectionDelete', () => {
  it('deletes a live collection once', () => {
    const del: CollectionCommand = { type: 'CollectionDelete', data: { collectionId: C } }
    spec
      .given([manual])
      .when(del)
      .then([{ type: 'CollectionDeleted', data: { collectionId: C, handle: 'picks' } }])
    spec
      .given([manual, { type: 'CollectionDeleted', data: { collectionId: C, handle: 'picks' } }])
      .when(del)
      .thenFails({ code: 'NOT_FOUND' })
    spec
      .given([])
      .when(del)
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'id'] })
  })
})

describe('collection products', () => {
  it('adds at a position, skipping products already there', () => {
    spec
      .given([manual, added([P1, P2])])
      .when(products('CollectionProductsAdd', [P3, P1], 1))
      .then([added([P3], 1)])
    spec
      .given([manual, added([P1])])
      .when(products('CollectionProductsAdd', [P2], 9))
      .then([added([P2], 1)])
    spec
      .given([manual, added([P1])])
      .when(products('CollectionProductsAdd', [P1]))
      .then([])
  })

  it('removes with the positions they had, ignoring products not there', () => {
    spec
      .given([manual, added([P1, P2, P3])])
      .when(products('CollectionProductsRemove', [P3, P1]))
      .then([{ type: 'CollectionProductsRemoved', data: { collectionId: C, productIds: [P1, P3], positions: [0, 2] } }])
    spec
      .given([manual, added([P1])])
      .when(products('CollectionProductsRemove', [P2]))
      .then([])
  })

  it('reorders the listed first, and refuses products not in it or listed twice', () => {
    spec
      .given([manual, added([P1, P2, P3])])
      .when(products('CollectionProductsReorder', [P3]))
      .then([{ type: 'CollectionProductsReordered', data: { collectionId: C, productIds: [P3, P1, P2] } }])
    spec
      .given([manual, added([P1, P2])])
      .when(products('CollectionProductsReorder', [P1]))
      .then([])
    spec
      .given([manual, added([P1])])
      .when(products('CollectionProductsReorder', [P2]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'productIds', 0] })
    spec
      .given([manual, added([P1, P2])])
      .when(products('CollectionProductsReorder', [P1, P1]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'productIds', 1], message: 'twice' })
  })

  it('refuses smart and unknown collections', () => {
    for (const type of ['CollectionProductsAdd', 'CollectionProductsRemove', 'CollectionProductsReorder'] as const) {
      spec
        .given([smart])
        .when(products(type, [P1]))
        .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'collectionId'], message: 'SMART' })
      spec
        .given([])
        .when(products(type, [P1]))
        .thenFails({ code: 'NOT_FOUND', field: ['input', 'collectionId'] })
    }
  })

  it('prepares only products that live in the store', async () => {
    const input = collectionProductsAdd.input.parse({ collectionId: C, productIds: [P1, P2, P1] })
    expect(input.productIds).toEqual([P1, P2])
    await expect(collectionProductsAdd.prepare(input, env([P1]))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'productIds', 1],
    })
    expect((await collectionProductsAdd.prepare(input, env([P1, P2]))).command).toEqual(
      products('CollectionProductsAdd', [P1, P2]),
    )
  })
})

describe('collection handle reservations', () => {
  it('claims on create, moves on change and releases on delete', () => {
    const changed: CollectionEvent = {
      type: 'CollectionHandleChanged',
      data: { collectionId: C, from: 'picks', to: 'best' },
    }
    const deleted: CollectionEvent = { type: 'CollectionDeleted', data: { collectionId: C, handle: 'best' } }
    const keys = ['collection-handle:picks', 'collection-handle:best'] as const
    assertHandleLife(collectionHandleReservations, [manual, changed, deleted], keys, ctx)
  })
})
