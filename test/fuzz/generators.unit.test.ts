import { buildSchema, graphqlSync } from 'graphql'
import { describe, expect, it } from 'vitest'
import { argumentPaths, casesFor } from './cases.js'
import { EnumValue, OMIT, Raw, setAt, toGraphQL, toJson, type FuzzValue } from './literals.js'
import { Rng } from './prng.js'
import { introspect, type SchemaModel } from './schema-model.js'
import type { FuzzWorld } from './world.js'

const SDL = /* GraphQL */ `
  scalar DateTime
  scalar JSON
  enum Status {
    ACTIVE
    DRAFT
  }
  input ThingFilter {
    title: String
    and: [ThingFilter!]
    or: [ThingFilter!]
  }
  input PriceInput {
    amount: Int!
  }
  input ThingCreateInput {
    title: String!
    status: Status
    tags: [String!]
    publishAt: DateTime
    settings: JSON
    prices: [PriceInput!]
  }
  type Thing {
    id: ID!
    title: String!
  }
  type PageInfo {
    endCursor: String
  }
  type ThingConnection {
    nodes: [Thing!]!
    pageInfo: PageInfo!
  }
  type ThingCreatePayload {
    thing: Thing
    eventPosition: String
  }
  type Query {
    things(first: Int, after: String, filter: ThingFilter): ThingConnection!
    thing(id: ID!): Thing
  }
  type Mutation {
    thingCreate(input: ThingCreateInput!): ThingCreatePayload!
  }
`

const model = async (): Promise<SchemaModel> =>
  introspect(async (source) => graphqlSync({ schema: buildSchema(SDL), source }) as { data?: unknown })

const cursor = Buffer.from(
  JSON.stringify(['created_at:desc', { d: '2026-01-01T00:00:00.000Z' }, '01900000-0000-7000-8000-000000000001']),
).toString('base64url')
const view = (id: string) => ({
  tenant: { organizationId: 'o', storeId: 's', storeSlug: 'x', apiKey: 'k' },
  ids: new Map([['Thing', [id]]]),
  cursors: new Map([['things', cursor]]),
})
const world: FuzzWorld = {
  a: view('01900000-0000-7000-8000-00000000000a'),
  b: view('01900000-0000-7000-8000-00000000000b'),
}

async function generate(seed: number, perPath: number) {
  const schema = await model()
  const rng = new Rng(seed)
  const ctx = {
    operation: '',
    types: schema.types,
    world,
    rng,
    idTypes: ['Thing'],
    classUses: new Map<string, number>(),
  }
  return schema.operations.flatMap((op) => casesFor(op, { ...ctx, operation: op.field.name }, perPath))
}

describe('fuzz generators', () => {
  it('give every argument path of every operation at least one malformed value, inline or in variables', async () => {
    const schema = await model()
    const cases = await generate(1, 1)
    const expected = schema.operations.flatMap((op) =>
      argumentPaths(op.field, schema.types).map((p) => `${op.field.name}.${p.path.join('.')}`),
    )
    expect(new Set(cases.map((c) => `${c.operation}.${c.path}`))).toEqual(
      new Set([...expected, 'things.()', 'thing.()', 'thingCreate.()', 'things.(pagination)']),
    )
    expect(expected).toContain('thingCreate.input.prices.amount')
    for (const c of cases) expect(() => JSON.parse(c.body)).not.toThrow()
  })

  it('replay the same cases from the same seed, and others from another', async () => {
    const strip = (cases: Awaited<ReturnType<typeof generate>>) =>
      cases.map((c) => [c.operation, c.path, c.cls, c.mode, c.body])
    expect(strip(await generate(42, 3))).toEqual(strip(await generate(42, 3)))
    expect(strip(await generate(43, 3))).not.toEqual(strip(await generate(42, 3)))
  })

  it('build filter bombs 2,000 deep and 10,000 wide without recursion, and forge cursors from a real one', async () => {
    const cases = await generate(7, 100)
    const deep = cases.find((c) => c.cls === 'filter:and-deep-2000')!
    expect(deep.body.split('and').length - 1).toBe(2_000)
    expect(cases.find((c) => c.cls === 'filter:or-wide-10000')!.body.split('{}').length - 1).toBe(10_000)
    const forged = cases.find((c) => c.cls === 'cursor:forged-year-0')!
    const after =
      (JSON.parse(forged.body) as { variables?: { after?: string } }).variables?.after ??
      /after: "([^"]+)"/.exec(JSON.parse(forged.body).query as string)![1]!
    expect(JSON.parse(Buffer.from(after, 'base64url').toString())).toEqual([
      'created_at:desc',
      { d: '0000-01-01T00:00:00.000Z' },
      '01900000-0000-7000-8000-000000000001',
    ])
  })

  it('write values as JSON and as GraphQL literals, raw text and enum names included', () => {
    const value: FuzzValue = {
      title: 'a\u0000b',
      status: new EnumValue('ACTIVE'),
      big: new Raw('12345678901234567890'),
      gone: OMIT,
      list: [1, null],
    }
    expect(toJson(value)).toBe('{"title":"a\\u0000b","status":"ACTIVE","big":12345678901234567890,"list":[1,null]}')
    expect(toGraphQL(value)).toBe('{title: "a\\u0000b", status: ACTIVE, big: 12345678901234567890, list: [1, null]}')
    expect(setAt({ input: { prices: [{ amount: 1 }] } }, ['input', 'prices', 'amount'], -1)).toEqual({
      input: { prices: [{ amount: -1 }] },
    })
    expect(setAt({ input: { tags: ['a'] } }, ['input', 'tags'], [])).toEqual({ input: { tags: [] } })
  })
})
