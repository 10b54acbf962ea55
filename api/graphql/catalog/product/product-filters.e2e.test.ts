import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { UPDATE_PRODUCT, createProduct, type Product } from '../../../../test/support/products.js'

// Every ProductFilter field and every ProductSort, on six products whose title, handle,
// creation and update orders all differ, so each sort has its own expected answer.

const t = useTestApp()
let apiKey: string
const byHandle = new Map<string, Product>()

const CATALOG = [
  {
    title: 'Red Shirt',
    handle: 'shirt-red',
    vendor: 'Acme',
    status: 'ACTIVE',
    tags: ['summer', 'cotton'],
    description: 'A soft tee',
  },
  { title: 'Blue Shirt', handle: 'shirt-blue', vendor: 'Acme', status: 'DRAFT', tags: ['summer', 'linen'] },
  { title: 'Green Hat', handle: 'hat-green', vendor: 'Bolt', status: 'ACTIVE', tags: ['winter'] },
  { title: 'Red Scarf', handle: 'scarf-red', vendor: 'Bolt Works', status: 'ARCHIVED', tags: ['winter', 'wool'] },
  {
    title: 'Yellow Socks',
    handle: 'socks-yellow',
    vendor: '',
    status: 'ACTIVE',
    tags: [],
    description: 'Knitted pairs',
  },
  { title: 'Cotton 100% Tee', handle: 'tee-cotton', vendor: 'Cirrus', status: 'ACTIVE', tags: ['cotton'] },
]
const ALL = ['hat-green', 'scarf-red', 'shirt-blue', 'shirt-red', 'socks-yellow', 'tee-cotton']

beforeAll(async () => {
  apiKey = (await t.tenant('list-filters')).apiKey
  // One at a time, so creation times are distinct and ordered as listed.
  for (const input of CATALOG) byHandle.set(input.handle, await createProduct(t, apiKey, input))
  // Green Hat changes last, so it is the most recently updated though created third.
  const updated = await t.gql<{ productUpdate: { product: Product } }>(apiKey, UPDATE_PRODUCT, {
    input: { id: byHandle.get('hat-green')!.id, description: 'Felt' },
  })
  byHandle.set('hat-green', updated.data!.productUpdate.product)
})

const created = (handle: string) => byHandle.get(handle)!.createdAt

/** Handles of the products matching `filter`, in handle order; the count must agree with the nodes. */
async function matching(filter: Record<string, unknown>): Promise<string[]> {
  const response = await t.gql<{ products: { nodes: { handle: string }[]; totalCount: number } }>(
    apiKey,
    'query ($filter: ProductFilter) { products(filter: $filter, sort: HANDLE_ASC, first: 250) { nodes { handle } totalCount } }',
    { filter },
  )
  expect(response.errors).toBeUndefined()
  const { nodes, totalCount } = response.data!.products
  expect(totalCount).toBe(nodes.length)
  return nodes.map((node) => node.handle)
}

describe('string filters', () => {
  it.each([
    ['title eq (exact, case-sensitive)', { title: { eq: 'Red Shirt' } }, ['shirt-red']],
    ['title eq in another case', { title: { eq: 'red shirt' } }, []],
    ['title in', { title: { in: ['Red Shirt', 'Green Hat', 'Nothing'] } }, ['hat-green', 'shirt-red']],
    ['title in an empty list', { title: { in: [] } }, []],
    ['title contains, ignoring case', { title: { contains: 'SHIRT' } }, ['shirt-blue', 'shirt-red']],
    ['title startsWith, ignoring case', { title: { startsWith: 'red' } }, ['scarf-red', 'shirt-red']],
    ['title contains a literal %', { title: { contains: '%' } }, ['tee-cotton']],
    ['title contains a literal _', { title: { contains: '_' } }, []],
    ['title with two operators, both holding', { title: { startsWith: 'Red', contains: 'scarf' } }, ['scarf-red']],
    ['handle eq', { handle: { eq: 'hat-green' } }, ['hat-green']],
    ['handle in', { handle: { in: ['tee-cotton', 'socks-yellow'] } }, ['socks-yellow', 'tee-cotton']],
    ['handle startsWith', { handle: { startsWith: 'shirt-' } }, ['shirt-blue', 'shirt-red']],
    ['handle contains', { handle: { contains: '-red' } }, ['scarf-red', 'shirt-red']],
    ['vendor eq', { vendor: { eq: 'Bolt' } }, ['hat-green']],
    ['vendor eq empty', { vendor: { eq: '' } }, ['socks-yellow']],
    ['vendor in', { vendor: { in: ['Acme', 'Cirrus'] } }, ['shirt-blue', 'shirt-red', 'tee-cotton']],
    ['vendor startsWith', { vendor: { startsWith: 'bolt' } }, ['hat-green', 'scarf-red']],
    ['vendor contains', { vendor: { contains: 'RR' } }, ['tee-cotton']],
  ])('%s', async (_case, filter, expected) => {
    expect(await matching(filter)).toEqual(expected)
  })
})

describe('status and tags', () => {
  it.each([
    ['one status', { status: ['ACTIVE'] }, ['hat-green', 'shirt-red', 'socks-yellow', 'tee-cotton']],
    ['any of several statuses', { status: ['DRAFT', 'ARCHIVED'] }, ['scarf-red', 'shirt-blue']],
    ['no status at all', { status: [] }, []],
    ['tags any', { tags: { any: ['linen', 'wool'] } }, ['scarf-red', 'shirt-blue']],
    ['tags all', { tags: { all: ['summer', 'cotton'] } }, ['shirt-red']],
    ['tags any and all together', { tags: { any: ['winter'], all: ['wool'] } }, ['scarf-red']],
    ['tags any, none matching', { tags: { any: ['leather'] } }, []],
  ])('%s', async (_case, filter, expected) => {
    expect(await matching(filter)).toEqual(expected)
  })
})

describe('time ranges', () => {
  it('creation times follow the order of creation (the premise of the range cases)', () => {
    const times = CATALOG.map((input) => created(input.handle))
    expect([...times].sort()).toEqual(times)
    expect(new Set(times).size).toBe(CATALOG.length)
  })

  it('createdAt includes from and excludes to', async () => {
    expect(await matching({ createdAt: { from: created('hat-green'), to: created('socks-yellow') } })).toEqual([
      'hat-green',
      'scarf-red',
    ])
    expect(await matching({ createdAt: { from: created('socks-yellow') } })).toEqual(['socks-yellow', 'tee-cotton'])
    expect(await matching({ createdAt: { to: created('shirt-blue') } })).toEqual(['shirt-red'])
  })

  it('updatedAt follows the last change, not the creation', async () => {
    const changed = byHandle.get('hat-green')!.updatedAt
    expect(changed > created('tee-cotton')).toBe(true)
    expect(await matching({ updatedAt: { from: changed } })).toEqual(['hat-green'])
    expect(await matching({ updatedAt: { to: changed } })).toEqual(ALL.filter((h) => h !== 'hat-green'))
  })
})

describe('search', () => {
  it.each([
    ['a title word', 'shirt', ['shirt-blue', 'shirt-red']],
    ['the last word as a prefix', 'shi', ['shirt-blue', 'shirt-red']],
    ['every word, the last as a prefix', 'red sh', ['shirt-red']],
    ['in any case', 'RED', ['scarf-red', 'shirt-red']],
    ['a vendor', 'acme', ['shirt-blue', 'shirt-red']],
    ['a tag', 'wool', ['scarf-red']],
    ['a description word', 'knitted', ['socks-yellow']],
    ['a word nothing has', 'velvet', []],
    ['text with tsquery syntax, read as plain words', "shirt & !red | ' :*", ['shirt-red']],
    ['no word at all, which filters nothing', '!!! ??', ALL],
  ])('matches %s', async (_case, search, expected) => {
    expect(await matching({ search })).toEqual(expected)
  })
})

describe('and / or', () => {
  it.each([
    ['and', { and: [{ title: { startsWith: 'Red' } }, { status: ['ACTIVE'] }] }, ['shirt-red']],
    ['or', { or: [{ vendor: { eq: 'Bolt' } }, { tags: { any: ['linen'] } }] }, ['hat-green', 'shirt-blue']],
    [
      'fields and or together',
      { status: ['ACTIVE'], or: [{ vendor: { eq: 'Acme' } }, { search: 'knitted' }] },
      ['shirt-red', 'socks-yellow'],
    ],
    [
      'nested',
      {
        or: [
          { and: [{ vendor: { startsWith: 'Bolt' } }, { tags: { any: ['wool'] } }] },
          { handle: { eq: 'tee-cotton' } },
        ],
      },
      ['scarf-red', 'tee-cotton'],
    ],
  ])('%s', async (_case, filter, expected) => {
    expect(await matching(filter)).toEqual(expected)
  })
})

describe('sorts', () => {
  const byCreation = ['shirt-red', 'shirt-blue', 'hat-green', 'scarf-red', 'socks-yellow', 'tee-cotton']
  const byTitle = ['shirt-blue', 'tee-cotton', 'hat-green', 'scarf-red', 'shirt-red', 'socks-yellow']
  const byUpdate = ['shirt-red', 'shirt-blue', 'scarf-red', 'socks-yellow', 'tee-cotton', 'hat-green']
  it.each([
    ['TITLE_ASC', byTitle],
    ['TITLE_DESC', [...byTitle].reverse()],
    ['HANDLE_ASC', ALL],
    ['HANDLE_DESC', [...ALL].reverse()],
    ['CREATED_AT_ASC', byCreation],
    ['CREATED_AT_DESC', [...byCreation].reverse()],
    ['UPDATED_AT_ASC', byUpdate],
    ['UPDATED_AT_DESC', [...byUpdate].reverse()],
  ])('%s', async (sort, expected) => {
    const response = await t.gql<{ products: { nodes: { handle: string }[] } }>(
      apiKey,
      `{ products(sort: ${sort}) { nodes { handle } } }`,
    )
    expect(response.data!.products.nodes.map((node) => node.handle)).toEqual(expected)
  })

  it('sorts by CREATED_AT_DESC when no sort is given', async () => {
    const response = await t.gql<{ products: { nodes: { handle: string }[] } }>(
      apiKey,
      '{ products { nodes { handle } } }',
    )
    expect(response.data!.products.nodes.map((node) => node.handle)).toEqual([...byCreation].reverse())
  })
})
