import { describe, expect, it } from 'vitest'
import type { PrepareEnv } from '../../shared/command.js'
import { productCreateInput, productDeleteInput, productUpdateInput } from './commands.js'
import { productCommands, productCreate, productDelete, productUpdate } from './definitions.js'
import { productHandleKey, productStream } from './streams.js'
import { ID, OTHER_ID, OTHER_STORE, STORE, ctx } from '../../../test/support/product-decider.js'

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
    expect(productCommands.map((d) => [d.name, d.tool, d.annotations])).toEqual([
      ['productCreate', 'create_product', { destructive: false, idempotent: false }],
      ['productUpdate', 'update_product', { destructive: false, idempotent: true }],
      ['productDelete', 'delete_product', { destructive: true, idempotent: false }],
    ])
    for (const d of productCommands)
      expect([d.scope, d.transports, d.storeScoped]).toEqual(['products:write', ['graphql', 'mcp', 'cli'], true])
  })
})
