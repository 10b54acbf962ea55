import { buildSchema, parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { actualQueryCost, findOperation, requestedQueryCost } from './cost.js'

const schema = buildSchema(/* GraphQL */ `
  interface Node {
    id: ID!
  }
  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }
  type Media implements Node {
    id: ID!
    url: String!
  }
  type Product implements Node {
    id: ID!
    title: String!
    status: Status!
    vendor: Vendor
    related: Product
    media: [Media!]!
    variants(first: Int): VariantConnection!
  }
  type Vendor {
    name: String!
  }
  type Variant {
    id: ID!
    sku: String
  }
  enum Status {
    ACTIVE
    DRAFT
  }
  type ProductConnection {
    nodes: [Product!]!
    edges: [ProductEdge!]!
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type ProductEdge {
    node: Product!
    cursor: String!
  }
  type VariantConnection {
    nodes: [Variant!]!
    edges: [VariantEdge!]!
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type VariantEdge {
    node: Variant!
    cursor: String!
  }
  type Query {
    product(id: ID!): Product
    products(first: Int, limit: Int, page: Int): ProductConnection!
    node(id: ID!): Node
    count: Int!
  }
  type ProductCreatePayload {
    product: Product
    eventPosition: String
  }
  type Mutation {
    productCreate(title: String!): ProductCreatePayload!
  }
`)

const requested = (query: string, variables = {}, operationName?: string) =>
  requestedQueryCost(schema, parse(query), operationName, variables)
const actual = (query: string, data: unknown, variables = {}) =>
  actualQueryCost(schema, parse(query), undefined, variables, data)

describe('requested query cost', () => {
  it.each([
    ['a scalar at the root', '{ count }', 0],
    ['an object with scalars and enums', '{ product(id: "1") { id title status } }', 1],
    ['nested objects', '{ product(id: "1") { vendor { name } } }', 2],
    ['a plain list costs as one object', '{ product(id: "1") { media { url } } }', 2],
    ['a connection at the default page size of 20', '{ products { nodes { id } } }', 2 + 20 * 1],
    ['first sets the page size', '{ products(first: 5) { nodes { title } } }', 2 + 5],
    ['limit sets it in page mode', '{ products(page: 2, limit: 50) { nodes { title } } }', 2 + 50],
    [
      'a page size beyond 250 (refused by the list) is costed as 250',
      '{ products(first: 1000) { nodes { title } } }',
      2 + 250,
    ],
    ['edges { node } costs as nodes do', '{ products(first: 10) { edges { cursor node { id } } } }', 2 + 10],
    [
      'nodes and edges together count each row once',
      '{ products(first: 10) { nodes { id } edges { node { id } } } }',
      2 + 10,
    ],
    [
      'pageInfo and totalCount are part of the connection',
      '{ products(first: 10) { totalCount pageInfo { hasNextPage } } }',
      2,
    ],
    [
      'nested connections multiply',
      '{ products(first: 10) { nodes { variants(first: 5) { nodes { sku } } } } }',
      2 + 10 * (1 + 2 + 5),
    ],
    ['objects inside nodes count per node', '{ products(first: 4) { nodes { vendor { name } } } }', 2 + 4 * 2],
    ['aliases count separately', '{ a: product(id: "1") { id } b: product(id: "2") { id } }', 2],
    [
      'fragments are followed',
      '{ products(first: 3) { ...page } } fragment page on ProductConnection { nodes { ...p } } fragment p on Product { vendor { name } }',
      2 + 3 * 2,
    ],
    ['an interface costs its most expensive type', '{ node(id: "1") { id ... on Product { vendor { name } } } }', 2],
    [
      'a mutation costs 10 plus its payload',
      'mutation { productCreate(title: "x") { product { id vendor { name } } eventPosition } }',
      10 + 1 + 1,
    ],
    ['__typename is free', '{ __typename product(id: "1") { __typename } }', 1],
    [
      'the whole schema costs a flat 100 however it is selected',
      '{ __schema { types { name fields { name } } } }',
      100,
    ],
    [
      'aliased copies of the schema add up',
      '{ a: __schema { queryType { name } } b: __schema { types { name } } }',
      200,
    ],
    ['a single type is costed like data', '{ __type(name: "Product") { name fields { name } } }', 2],
  ])('%s', (_name, query, cost) => {
    expect(requested(query)).toBe(cost)
  })

  it('reads page sizes from variables', () => {
    expect(requested('query ($n: Int) { products(first: $n) { nodes { id } } }', { n: 100 })).toBe(2 + 100)
    expect(requested('query ($n: Int) { products(first: $n) { nodes { id } } }', {})).toBe(2 + 20)
  })

  it('leaves out what @skip and @include leave out', () => {
    const query =
      'query ($full: Boolean!) { product(id: "1") { id vendor @include(if: $full) { name } media @skip(if: $full) { url } } }'
    expect(requested(query, { full: true })).toBe(2)
    expect(requested(query, { full: false })).toBe(2)
    expect(requested('{ product(id: "1") { vendor @skip(if: true) { name } } }')).toBe(1)
  })

  it('costs a fragment spread many times once, however the spreads fan out', () => {
    // 2^20 vendors once spread out, with every level of product nesting its own selection.
    const fragments = ['fragment F0 on Product { vendor { name } }']
    for (let level = 1; level <= 20; level++)
      fragments.push(`fragment F${level} on Product { ...F${level - 1} ...F${level - 1} }`)
    expect(requested(`{ product(id: "1") { ...F20 } } ${fragments.join(' ')}`)).toBe(2)
    // Each level selects the previous one under two related products: 3·2^30 − 2 objects, costed in one walk per fragment.
    const branching = ['fragment B0 on Product { vendor { name } }']
    for (let level = 1; level <= 30; level++)
      branching.push(
        `fragment B${level} on Product { a: related { ...B${level - 1} } b: related { ...B${level - 1} } }`,
      )
    expect(requested(`{ product(id: "1") { ...B30 } } ${branching.join(' ')}`)).toBe(1 + 3 * 2 ** 30 - 2)
  })

  it('is infinite when a document has more selections than the walk may visit', () => {
    const wide = `{ products(first: 1) { nodes { ${Array.from({ length: 100_001 }, (_, i) => `f${i}: id`).join(' ')} } } }`
    expect(requested(wide)).toBe(Infinity)
  })

  it('costs the operation that is run', () => {
    const document = 'query Small { count } query Big { products(first: 50) { nodes { id } } }'
    expect(requested(document, {}, 'Small')).toBe(0)
    expect(requested(document, {}, 'Big')).toBe(52)
    expect(findOperation(parse(document))).toBeUndefined()
  })
})

describe('actual query cost', () => {
  const list = '{ products(first: 50) { nodes { id vendor { name } } } }'

  it('counts the rows that came back, not the page size', () => {
    const data = {
      products: {
        nodes: [
          { id: '1', vendor: { name: 'a' } },
          { id: '2', vendor: null },
        ],
      },
    }
    // Two rows of (product 1 + vendor 1); a vendor that came back null was still looked up.
    expect(actual(list, data)).toBe(2 + 2 + 2)
    expect(requested(list)).toBe(2 + 50 * 2)
  })

  it('counts nested connections at their returned lengths', () => {
    const query = '{ products(first: 10) { edges { node { variants(first: 5) { nodes { sku } } } } } }'
    const data = { products: { edges: [{ node: { variants: { nodes: [{ sku: 'a' }, { sku: 'b' }] } } }] } }
    expect(actual(query, data)).toBe(2 + (1 + 2 + 2))
  })

  it('charges an object that came back null without its selection', () => {
    expect(actual('{ product(id: "1") { vendor { name } } }', { product: null })).toBe(1)
    expect(actual('mutation { productCreate(title: "x") { product { id } } }', null)).toBe(10)
  })

  it('reads response keys, so aliases are costed by what each returned', () => {
    const query = '{ a: products(first: 10) { nodes { id } } b: products(first: 10) { nodes { id } } }'
    expect(actual(query, { a: { nodes: [{ id: '1' }] }, b: { nodes: [] } })).toBe(3 + 2)
  })

  it('is never more than requested', () => {
    const data = { product: { media: [{ url: 'a' }, { url: 'b' }, { url: 'c' }] } }
    expect(actual('{ product(id: "1") { media { url } } }', data)).toBe(2)
  })
})
