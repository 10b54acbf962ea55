import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { liveMediaKey } from '../../media/streams.js'
import { productStream } from '../product/streams.js'
import { categoryAtRevision, categoryCreate, categoryRevert } from './definitions.js'
import type { CategoryEvent } from './events.js'
import {
  categoryProductsAdd,
  categoryProductsCommands,
  categoryProductsDecider,
  categoryProductsRemove,
} from './products-definitions.js'
import { categoryProductsAddInput, type CategoryProductsCommand, type CategoryProductsEvent } from './products.js'
import { categoryTreeStream } from './streams.js'
import { STORE, ctx, idsEndingIn } from '../../../test/support/decide-context.js'

const CAT = '01900000-0000-7000-8000-000000000001'
const [A, B, C, D] = idsEndingIn('aa', 'bb', 'cc', 'dd')
const spec = deciderSpec(categoryProductsDecider, ctx)

const added = (productIds: string[], position = 0): CategoryProductsEvent => ({
  type: 'CategoryProductsAdded',
  data: { categoryId: CAT, productIds, position },
})
const command = (
  type: CategoryProductsCommand['type'],
  productIds: string[],
  position: number | null = null,
): CategoryProductsCommand =>
  (type === 'CategoryProductsAdd'
    ? { type, data: { categoryId: CAT, productIds, position } }
    : { type, data: { categoryId: CAT, productIds } }) as CategoryProductsCommand

describe('categoryProductsAdd', () => {
  it('inserts the new products at the position, clamped to the end, skipping those already there', () => {
    spec
      .given([added([A, B])])
      .when(command('CategoryProductsAdd', [B, C], 1))
      .then([added([C], 1)])
    spec
      .given([added([A, B])])
      .when(command('CategoryProductsAdd', [D], 7))
      .then([added([D], 2)])
    spec
      .given([])
      .when(command('CategoryProductsAdd', [A]))
      .then([added([A], 0)])
  })

  it('records nothing when every product is already there', () => {
    spec
      .given([added([A, B])])
      .when(command('CategoryProductsAdd', [A]))
      .then([])
  })
})

describe('categoryProductsRemove', () => {
  it('records the removed products with the places they had', () => {
    spec
      .given([added([A, B, C])])
      .when(command('CategoryProductsRemove', [C, A, D]))
      .then([{ type: 'CategoryProductsRemoved', data: { categoryId: CAT, productIds: [A, C], positions: [0, 2] } }])
    spec
      .given([added([A])])
      .when(command('CategoryProductsRemove', [D]))
      .then([])
  })
})

describe('categoryProductsReorder', () => {
  it('puts the listed first and keeps the others after them', () => {
    spec
      .given([added([A, B, C])])
      .when(command('CategoryProductsReorder', [C, B]))
      .then([{ type: 'CategoryProductsReordered', data: { categoryId: CAT, productIds: [C, B, A] } }])
    spec
      .given([added([A, B, C])])
      .when(command('CategoryProductsReorder', [A]))
      .then([])
  })

  it('refuses products not in the category, or listed twice', () => {
    spec
      .given([added([A, B])])
      .when(command('CategoryProductsReorder', [A, D]))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'productIds', 1],
        message: `product '${D}' is not in category '${CAT}'; add it first with categoryProductsAdd`,
      })
    spec
      .given([added([A, B])])
      .when(command('CategoryProductsReorder', [A, A]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'productIds', 1] })
  })
})

/** An environment whose event store holds `streams` and whose live media are `media`. */
function env(streams: Record<string, Partial<PastEvent>[]>, media: string[] = []): PrepareEnv {
  return {
    ctx,
    newId: () => CAT,
    reservationOwner: async (_scope, key) => media.find((m) => liveMediaKey(m) === key) ?? null,
    readStream: async (stream) =>
      (streams[stream] ?? []).map((e, revision) => ({ type: '', data: {}, revision, occurredAt: '', ...e })),
  }
}
const treeWithCategory = {
  [categoryTreeStream(STORE)]: [
    {
      type: 'CategoryCreated',
      data: {
        categoryId: CAT,
        parentId: null,
        position: 0,
        title: 'Men',
        handle: 'men',
        description: '',
        imageId: null,
        seo: { title: '', description: '' },
      },
    },
  ],
}
const failure = async (run: () => unknown) => {
  const error = await Promise.resolve()
    .then(run)
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(DomainError)
  const { code, field, message } = error as DomainError
  return { code, field, message }
}

describe('prepare', () => {
  it('checks that the category lives in the store and every product too', async () => {
    const products = {
      [productStream(STORE, A)]: [{ type: 'ProductCreated' }],
      [productStream(STORE, B)]: [{ type: 'ProductCreated' }, { type: 'ProductDeleted' }],
    }
    const input = categoryProductsAddInput.parse({ categoryId: CAT, productIds: [A] })
    expect(await categoryProductsAdd.prepare(input, env({ ...treeWithCategory, ...products }))).toMatchObject({
      stream: `categoryproducts-${STORE}_${CAT}`,
      entityId: CAT,
    })
    expect(
      await failure(() =>
        categoryProductsAdd.prepare({ ...input, productIds: [A, B] }, env({ ...treeWithCategory, ...products })),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'productIds', 1],
      message: `product '${B}' does not exist in this store`,
    })
    expect(
      await failure(() => categoryProductsRemove.prepare({ categoryId: CAT, productIds: [A] }, env(products))),
    ).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'categoryId'],
      message: `category '${CAT}' does not exist in this store`,
    })
  })

  it('checks that an image lives in the store', async () => {
    const input = { title: 'Men', imageId: A }
    expect(await categoryCreate.prepare(input, env({}, [A]))).toMatchObject({ command: { data: { imageId: A } } })
    expect(await failure(() => categoryCreate.prepare(input, env({})))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'imageId'],
    })
    expect(await categoryCreate.prepare({ title: 'Men', imageId: '' }, env({}))).toMatchObject({
      command: { data: { imageId: null } },
    })
  })

  it('folds the category as it was at the revision to revert to', async () => {
    const history = [
      ...treeWithCategory[categoryTreeStream(STORE)]!,
      {
        type: 'CategoryCreated',
        data: {
          categoryId: D,
          parentId: null,
          position: 1,
          title: 'Other',
          handle: 'other',
          description: '',
          imageId: null,
          seo: { title: '', description: '' },
        },
      },
      { type: 'CategoryRetitled', data: { categoryId: CAT, title: 'Gents' } },
      { type: 'CategoryImageChanged', data: { categoryId: CAT, imageId: B } },
    ] as unknown as CategoryEvent[]
    const past = history.map((e, revision) => ({ ...e, revision, occurredAt: '' })) as PastEvent[]
    expect(categoryAtRevision(past, CAT, 0)).toMatchObject({ title: 'Men', imageId: null })
    expect(categoryAtRevision(past, CAT, 2)).toMatchObject({ title: 'Gents', imageId: B })
    const streams = { [categoryTreeStream(STORE)]: past }
    expect(await failure(() => categoryRevert.prepare({ id: CAT, toRevision: 3 }, env(streams)))).toEqual({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
      message: `category '${CAT}' has revisions 0 to 2; choose one of them from its history`,
    })
    expect(await failure(() => categoryRevert.prepare({ id: CAT, toRevision: 2 }, env(streams)))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
    })
    expect(await categoryRevert.prepare({ id: CAT, toRevision: 2 }, env(streams, [B]))).toMatchObject({
      command: { data: { target: { title: 'Gents', imageId: B } } },
    })
    expect(await failure(() => categoryRevert.prepare({ id: A, toRevision: 0 }, env(streams)))).toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('registry entries', () => {
  it('serve every transport under products:write, answering with the category', () => {
    expect(categoryProductsCommands.map((d) => [d.name, d.tool, d.resource, d.scope])).toEqual([
      ['categoryProductsAdd', 'add_category_products', 'category', 'products:write'],
      ['categoryProductsRemove', 'remove_category_products', 'category', 'products:write'],
      ['categoryProductsReorder', 'reorder_category_products', 'category', 'products:write'],
    ])
  })
})
