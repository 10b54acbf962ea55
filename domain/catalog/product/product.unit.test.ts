import { describe, expect, it } from 'vitest'
import type { PrepareEnv } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { DomainError, type ErrorCode } from '../../shared/errors.js'
import { fold } from '../../shared/event.js'
import {
  productCreateInput,
  productDeleteInput,
  productUpdateInput,
  type ProductCommand,
  type ProductUpdate,
} from './commands.js'
import {
  handleReservations,
  productCommands,
  productCreate,
  productDecider,
  productDelete,
  productUpdate,
} from './definitions.js'
import { PRODUCT_EVENT_TYPES, type ProductCreated, type ProductEvent } from './events.js'
import { productHandleKey, productStream } from './streams.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const OTHER_STORE = '01900000-0000-7000-8000-00000000a002'
const ID = '01900000-0000-7000-8000-000000000001'
const OTHER_ID = '01900000-0000-7000-8000-000000000002'
const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: STORE,
}

const created: ProductCreated = {
  type: 'ProductCreated',
  data: {
    productId: ID,
    title: 'Red Shirt',
    handle: 'red-shirt',
    description: 'Soft',
    status: 'ACTIVE',
    vendor: 'Acme',
    tags: ['cotton', 'summer'],
  },
}
const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: ID, handle: 'red-shirt' } }

/** given(history).when(command).then(events) — the decider as a story. */
function given(...history: ProductEvent[]) {
  return {
    when(command: ProductCommand) {
      const run = () => productDecider.decide(command, fold(productDecider, history), ctx)
      return {
        then: (expected: ProductEvent[]) => expect(run()).toEqual(expected),
        thenFails(code: ErrorCode, message: string) {
          const error = catchError(run)
          expect(error).toBeInstanceOf(DomainError)
          expect({ code: (error as DomainError).code, message: (error as DomainError).message }).toEqual({
            code,
            message,
          })
        },
      }
    },
  }
}

function catchError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected an error, got none')
}

const update = (data: Omit<ProductUpdate['data'], 'productId'>): ProductUpdate => ({
  type: 'ProductUpdate',
  data: { productId: ID, ...data },
})

describe('productCreate', () => {
  it('records the product as given', () => {
    given().when({ type: 'ProductCreate', data: created.data }).then([created])
  })

  it('refuses an id whose stream already has a product, even a deleted one', () => {
    const message = `product '${ID}' already exists; use productUpdate to change it`
    given(created).when({ type: 'ProductCreate', data: created.data }).thenFails('CONFLICT', message)
    given(created, deleted).when({ type: 'ProductCreate', data: created.data }).thenFails('CONFLICT', message)
  })
})

describe('productUpdate', () => {
  it('records one event per field that changed, saying what happened', () => {
    given(created)
      .when(
        update({
          title: 'Blue Shirt',
          handle: 'blue-shirt',
          description: 'Softer',
          status: 'DRAFT',
          vendor: 'Bolt',
          tags: ['summer', 'linen'],
        }),
      )
      .then([
        { type: 'ProductRetitled', data: { productId: ID, title: 'Blue Shirt' } },
        { type: 'ProductHandleChanged', data: { productId: ID, from: 'red-shirt', to: 'blue-shirt' } },
        { type: 'ProductDescriptionChanged', data: { productId: ID, description: 'Softer' } },
        { type: 'ProductStatusChanged', data: { productId: ID, from: 'ACTIVE', to: 'DRAFT' } },
        { type: 'ProductVendorChanged', data: { productId: ID, vendor: 'Bolt' } },
        {
          type: 'ProductTagsChanged',
          data: { productId: ID, tags: ['summer', 'linen'], added: ['linen'], removed: ['cotton'] },
        },
      ])
  })

  it('records only the fields that differ', () => {
    given(created)
      .when(update({ title: 'Red Shirt', vendor: 'Bolt' }))
      .then([{ type: 'ProductVendorChanged', data: { productId: ID, vendor: 'Bolt' } }])
  })

  it('records nothing when nothing changes: same values, reordered tags, or no fields', () => {
    given(created)
      .when(update({ title: 'Red Shirt', handle: 'red-shirt', status: 'ACTIVE', tags: ['summer', 'cotton'] }))
      .then([])
    given(created).when(update({})).then([])
  })

  it('clears description, vendor and tags with empty values', () => {
    given(created)
      .when(update({ description: '', vendor: '', tags: [] }))
      .then([
        { type: 'ProductDescriptionChanged', data: { productId: ID, description: '' } },
        { type: 'ProductVendorChanged', data: { productId: ID, vendor: '' } },
        { type: 'ProductTagsChanged', data: { productId: ID, tags: [], added: [], removed: ['cotton', 'summer'] } },
      ])
  })

  it('decides on the state after earlier changes', () => {
    const retitled: ProductEvent = { type: 'ProductRetitled', data: { productId: ID, title: 'Blue Shirt' } }
    const moved: ProductEvent = {
      type: 'ProductHandleChanged',
      data: { productId: ID, from: 'red-shirt', to: 'blue-shirt' },
    }
    const archived: ProductEvent = {
      type: 'ProductStatusChanged',
      data: { productId: ID, from: 'ACTIVE', to: 'ARCHIVED' },
    }
    given(created, retitled, moved, archived)
      .when(update({ title: 'Blue Shirt', handle: 'blue-shirt', status: 'ARCHIVED' }))
      .then([])
    given(created, moved)
      .when(update({ handle: 'red-shirt' }))
      .then([{ type: 'ProductHandleChanged', data: { productId: ID, from: 'blue-shirt', to: 'red-shirt' } }])
  })

  it('answers NOT_FOUND for a product that does not exist (or lives in another store) and for a deleted one', () => {
    const message = `product '${ID}' does not exist in this store`
    given()
      .when(update({ title: 'X' }))
      .thenFails('NOT_FOUND', message)
    given(created, deleted)
      .when(update({ title: 'X' }))
      .thenFails('NOT_FOUND', message)
  })
})

describe('productDelete', () => {
  it('records the deletion with the handle to free', () => {
    given(created)
      .when({ type: 'ProductDelete', data: { productId: ID } })
      .then([deleted])
  })

  it('answers NOT_FOUND for a missing product and on the second delete', () => {
    const message = `product '${ID}' does not exist in this store`
    given()
      .when({ type: 'ProductDelete', data: { productId: ID } })
      .thenFails('NOT_FOUND', message)
    given(created, deleted)
      .when({ type: 'ProductDelete', data: { productId: ID } })
      .thenFails('NOT_FOUND', message)
  })
})

describe('evolve', () => {
  it('folds every event into the product', () => {
    const state = fold(productDecider, [
      created,
      { type: 'ProductRetitled', data: { productId: ID, title: 'Blue Shirt' } },
      { type: 'ProductHandleChanged', data: { productId: ID, from: 'red-shirt', to: 'blue-shirt' } },
      { type: 'ProductDescriptionChanged', data: { productId: ID, description: 'Softer' } },
      { type: 'ProductStatusChanged', data: { productId: ID, from: 'ACTIVE', to: 'DRAFT' } },
      { type: 'ProductVendorChanged', data: { productId: ID, vendor: 'Bolt' } },
      {
        type: 'ProductTagsChanged',
        data: { productId: ID, tags: ['linen'], added: ['linen'], removed: ['cotton', 'summer'] },
      },
    ])
    expect(state).toEqual({
      kind: 'existing',
      product: {
        productId: ID,
        title: 'Blue Shirt',
        handle: 'blue-shirt',
        description: 'Softer',
        status: 'DRAFT',
        vendor: 'Bolt',
        tags: ['linen'],
        seo: { title: '', description: '' },
        publishAt: null,
      },
    })
    expect(productDecider.evolve(state, deleted)).toEqual({ kind: 'deleted', productId: ID })
  })

  it('lists every event type once', () => {
    const types = [
      'Created',
      'Deleted',
      'DescriptionChanged',
      'HandleChanged',
      'MediaAttached',
      'MediaDetached',
      'MediaReordered',
      'Retitled',
      'StatusChanged',
      'TagsChanged',
      'VendorChanged',
      'SeoChanged',
      'PublishScheduled',
      'PublishUnscheduled',
      'Reverted',
      'Duplicated',
      'OptionAdded',
      'OptionRenamed',
      'OptionValueRenamed',
      'OptionValuesChanged',
      'OptionValuesReordered',
      'OptionsReordered',
      'OptionRemoved',
      'VariantCreated',
      'VariantPriceChanged',
      'VariantCostChanged',
      'VariantSkuChanged',
      'VariantBarcodeChanged',
      'VariantWeightChanged',
      'VariantOptionValuesChanged',
      'VariantImageChanged',
      'VariantDeleted',
      'VariantsReordered',
      'InventoryTrackingChanged',
      'InventoryAdjusted',
      'AttributeValuesSet',
      'AttributeValuesRemoved',
      'AttributeSetChanged',
    ]
    expect([...PRODUCT_EVENT_TYPES].sort()).toEqual(types.map((t) => `Product${t}`).sort())
  })
})

describe('handle reservations', () => {
  const state = fold(productDecider, [created])
  const message = (handle: string) =>
    `handle '${handle}' is taken in this store; choose another or update the existing product`

  it('claims the handle of a new product under the store', () => {
    expect(handleReservations([created], fold(productDecider, []), ctx)).toEqual([
      {
        kind: 'claim',
        scope: STORE,
        key: 'product-handle:red-shirt',
        ownerId: ID,
        field: ['input', 'handle'],
        message: message('red-shirt'),
      },
    ])
  })

  it('moves the claim when the handle changes, and only then', () => {
    const events = productDecider.decide(update({ title: 'Blue', handle: 'blue-shirt' }), state, ctx)
    expect(handleReservations(events, state, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: 'product-handle:red-shirt', ownerId: ID },
      {
        kind: 'claim',
        scope: STORE,
        key: 'product-handle:blue-shirt',
        ownerId: ID,
        field: ['input', 'handle'],
        message: message('blue-shirt'),
      },
    ])
    expect(handleReservations(productDecider.decide(update({ title: 'Blue' }), state, ctx), state, ctx)).toEqual([])
  })

  it('frees the handle on delete', () => {
    expect(handleReservations([deleted], state, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: 'product-handle:red-shirt', ownerId: ID },
    ])
  })
})

/** A prepare environment whose store already holds the given handles. */
function env(taken: string[] = [], storeId: string | null = STORE): PrepareEnv {
  const owners = new Map(taken.map((handle) => [productHandleKey(handle), OTHER_ID]))
  return {
    ctx: { ...ctx, storeId },
    newId: () => ID,
    reservationOwner: async (scope, key) => (scope === STORE ? (owners.get(key) ?? null) : null),
    readStream: async () => [],
  }
}

describe('prepare', () => {
  const create = async (input: unknown, taken: string[] = []) =>
    productCreate.prepare(productCreateInput.parse(input), env(taken))

  it('creates in a fresh stream of the store with defaults like Shopify', async () => {
    expect(await create({ title: '  Red Shirt ' })).toEqual({
      stream: `product-${STORE}_${ID}`,
      entityId: ID,
      command: {
        type: 'ProductCreate',
        data: {
          productId: ID,
          title: 'Red Shirt',
          handle: 'red-shirt',
          description: '',
          status: 'ACTIVE',
          vendor: '',
          tags: [],
          seo: { title: '', description: '' },
          publishAt: null,
        },
      },
    })
    expect(productStream(OTHER_STORE, ID)).toBe(`product-${OTHER_STORE}_${ID}`)
  })

  it('generates a free handle from the title, numbering when taken', async () => {
    expect((await create({ title: 'Red Shirt — Größe L!' })).command.data.handle).toBe('red-shirt-grosse-l')
    expect((await create({ title: 'Red Shirt' }, ['red-shirt'])).command.data.handle).toBe('red-shirt-2')
    expect(
      (await create({ title: 'Red Shirt' }, ['red-shirt', 'red-shirt-2', 'red-shirt-3'])).command.data.handle,
    ).toBe('red-shirt-4')
    expect((await create({ title: '☃☃☃' })).command.data.handle).toBe('product')
    expect((await create({ title: '!!!' }, ['product'])).command.data.handle).toBe('product-2')
  })

  it('keeps numbered handles within 255 characters', async () => {
    const long = 'a'.repeat(255)
    const handle = (await create({ title: long }, [long])).command.data.handle
    expect(handle).toBe(`${'a'.repeat(253)}-2`)
  })

  it('falls back to the random tail of the id when a title is very common', async () => {
    const taken = ['shirt', ...Array.from({ length: 49 }, (_, i) => `shirt-${i + 2}`)]
    expect((await create({ title: 'Shirt' }, taken)).command.data.handle).toBe('shirt-000000000001')
  })

  it('keeps an explicit handle even when taken: the claim reports the conflict', async () => {
    expect((await create({ title: 'Red Shirt', handle: 'red-shirt' }, ['red-shirt'])).command.data.handle).toBe(
      'red-shirt',
    )
  })

  it('updates and deletes in the stream of the given id, leaving unset fields out', async () => {
    const input = productUpdateInput.parse({ id: ID.toUpperCase(), title: null, vendor: 'Acme' })
    const prepared = await productUpdate.prepare(input, env())
    expect(prepared.stream).toBe(`product-${STORE}_${ID}`)
    expect(prepared.command.data).toEqual({ productId: ID, vendor: 'Acme' })
    expect(await productDelete.prepare(productDeleteInput.parse({ id: ID }), env())).toEqual({
      stream: `product-${STORE}_${ID}`,
      entityId: ID,
      command: { type: 'ProductDelete', data: { productId: ID } },
    })
  })

  it('needs a store', () => {
    expect(() => productDelete.prepare({ id: ID }, env([], null))).toThrow('this command works on one store')
  })
})

describe('input validation', () => {
  /** The first issue as the command path reports it: its path (under `input`) and message. */
  const firstIssue = (
    schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    value: unknown,
  ) => {
    const issue = schema.safeParse(value).error?.issues[0]
    return issue && { field: issue.path, message: issue.message }
  }

  it.each([
    ['a missing title', {}, ['title'], 'title is required'],
    ['a blank title', { title: '   ' }, ['title'], 'title must not be empty'],
    ['a long title', { title: 'x'.repeat(256) }, ['title'], 'title must be at most 255 characters'],
    [
      'a malformed handle',
      { title: 'T', handle: 'Red Shirt' },
      ['handle'],
      "handle may contain only lowercase letters a-z, digits and single hyphens between them, e.g. 'red-shirt'",
    ],
    ['a long handle', { title: 'T', handle: 'a'.repeat(256) }, ['handle'], 'handle must be at most 255 characters'],
    [
      'a long description',
      { title: 'T', description: 'x'.repeat(65_536) },
      ['description'],
      'description must be at most 65535 characters',
    ],
    ['a long vendor', { title: 'T', vendor: 'x'.repeat(256) }, ['vendor'], 'vendor must be at most 255 characters'],
    ['an unknown status', { title: 'T', status: 'LIVE' }, ['status'], 'status must be one of DRAFT, ACTIVE, ARCHIVED'],
    ['a blank tag', { title: 'T', tags: ['ok', ' '] }, ['tags', 1], 'a tag must not be empty'],
    ['a long tag', { title: 'T', tags: ['x'.repeat(256)] }, ['tags', 0], 'a tag must be at most 255 characters'],
    [
      '251 tags',
      { title: 'T', tags: Array.from({ length: 251 }, (_, i) => `t${i}`) },
      ['tags'],
      'a product may have at most 250 tags',
    ],
    [
      'an unknown field',
      { title: 'T', colour: 'red' },
      [],
      'productCreate does not take colour; its fields are title, handle, description, status, vendor, tags, seo, publishAt, options, variants, attributeSetId, attributes',
    ],
  ])('productCreate rejects %s', (_case, input, field, message) => {
    expect(firstIssue(productCreateInput, input)).toEqual({ field, message })
  })

  it.each([
    ['update without id', productUpdateInput, { title: 'T' }, 'id is required'],
    ['update with a malformed id', productUpdateInput, { id: 'not-a-uuid' }, 'id must be a product id (a UUID)'],
    ['delete with a number', productDeleteInput, { id: 42 }, 'id must be a product id (a UUID)'],
  ])('rejects %s', (_case, schema, input, message) => {
    expect(firstIssue(schema, input)).toEqual({ field: ['id'], message })
  })

  it('trims and deduplicates, keeping the first spelling order', () => {
    expect(
      productCreateInput.parse({ title: ' T ', handle: ' t-1 ', vendor: ' Acme ', tags: [' b', 'a', 'b '] }),
    ).toEqual({
      title: 'T',
      handle: 't-1',
      vendor: 'Acme',
      tags: ['b', 'a'],
    })
  })

  it('accepts at most 250 tags and 65535 characters of description', () => {
    const input = { title: 'T', description: 'x'.repeat(65_535), tags: Array.from({ length: 250 }, (_, i) => `t${i}`) }
    expect(productCreateInput.safeParse(input).success).toBe(true)
  })
})

describe('registry entries', () => {
  it('serve every transport under products:write, naming mutation and tool alike', () => {
    expect(productCommands.map((d) => [d.name, d.tool, d.scope, d.transports, d.storeScoped, d.annotations])).toEqual([
      [
        'productCreate',
        'create_product',
        'products:write',
        ['graphql', 'mcp', 'cli'],
        true,
        { destructive: false, idempotent: false },
      ],
      [
        'productUpdate',
        'update_product',
        'products:write',
        ['graphql', 'mcp', 'cli'],
        true,
        { destructive: false, idempotent: true },
      ],
      [
        'productDelete',
        'delete_product',
        'products:write',
        ['graphql', 'mcp', 'cli'],
        true,
        { destructive: true, idempotent: false },
      ],
    ])
  })
})
