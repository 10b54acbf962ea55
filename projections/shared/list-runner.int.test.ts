import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type Kysely } from 'kysely'
import { defineList, filter, type ListArgsOf } from '../../domain/shared/list-spec.js'
import { randomUUID } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import { listRunner } from './list-runner.js'
import type { Connection } from './pagination.js'

const THING_LIST = defineList({
  name: 'Thing',
  filters: {
    title: filter.string(),
    kind: filter.enumList('ThingKind', ['A', 'B']),
    search: filter.search(),
    rank: filter.intRange(),
  },
  sorts: ['TITLE', 'RANK'],
  defaultSort: 'RANK_ASC',
})

interface ThingDatabase {
  things: { id: string; title: string; kind: string; rank: number }
}

// Every field and sort but the search reads the column named after it.
const things = listRunner(THING_LIST, { filters: { search: ['title'] } })

let test: TestDatabase
let db: Kysely<ThingDatabase>
const ids: string[] = []

beforeAll(async () => {
  test = await createTestDatabase()
  db = test.database.db as unknown as Kysely<ThingDatabase>
  await sql`create table things (id uuid primary key, title text not null, kind text not null, rank int not null)`.execute(
    db,
  )
  // 23 rows, ranks 0..4 repeated: every page boundary falls among ties on the sort column.
  for (let i = 0; i < 23; i++) {
    const id = randomUUID()
    ids.push(id)
    await db
      .insertInto('things')
      .values({ id, title: `thing ${String(i).padStart(2, '0')}`, kind: i % 2 ? 'A' : 'B', rank: i % 5 })
      .execute()
  }
})

afterAll(() => test?.drop())

const list = (args: ListArgsOf<typeof THING_LIST>) => things.run(db.selectFrom('things').selectAll(), args)

async function walk(sort: 'RANK_ASC' | 'RANK_DESC' | 'TITLE_DESC', size: number, backward: boolean): Promise<string[]> {
  const seen: string[] = []
  let cursor: string | null = null
  for (;;) {
    const page: Connection<{ id: string }> = backward
      ? await list({ sort, last: size, before: cursor })
      : await list({ sort, first: size, after: cursor })
    const pageIds = page.nodes.map((node) => node.id)
    if (backward) seen.unshift(...pageIds)
    else seen.push(...pageIds)
    const more = backward ? page.pageInfo.hasPreviousPage : page.pageInfo.hasNextPage
    expect(backward ? page.pageInfo.hasNextPage : page.pageInfo.hasPreviousPage).toBe(cursor !== null)
    if (!more) return seen
    cursor = backward ? page.pageInfo.startCursor : page.pageInfo.endCursor
  }
}

describe('list runner', () => {
  it.each(['RANK_ASC', 'RANK_DESC', 'TITLE_DESC'] as const)(
    'walks %s forward and backward over ties, same rows in the same order, none skipped or repeated',
    async (sort) => {
      const all = (await list({ sort, limit: 250 })).nodes.map((node) => node.id)
      expect(new Set(all).size).toBe(23)
      for (const size of [1, 4, 5, 23]) {
        expect(await walk(sort, size, false)).toEqual(all)
        expect(await walk(sort, size, true)).toEqual(all)
      }
    },
  )

  it('turns around mid-list: the page before a page ends right where that page starts', async () => {
    const first = await list({ first: 7 })
    const second = await list({ first: 7, after: first.pageInfo.endCursor })
    const back = await list({ last: 7, before: second.pageInfo.startCursor })
    expect(back.nodes.map((node) => node.id)).toEqual(first.nodes.map((node) => node.id))
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true })
  })

  it('pages in page mode with totals', async () => {
    const page = await list({ page: 3, limit: 10 })
    expect(page.nodes).toHaveLength(3)
    expect(page.pageInfo).toMatchObject({ page: 3, totalPages: 3, hasNextPage: false, hasPreviousPage: true })
    expect(page.totalCount).toBe(23)
  })

  it('filters through the spec: columns, enum lists, ranges, search, and/or', async () => {
    const count = async (args: ListArgsOf<typeof THING_LIST>['filter']) =>
      (await list({ filter: args, limit: 250 })).totalCount
    expect(await count({ kind: ['A'] })).toBe(11)
    expect(await count({ rank: { min: 1, max: 2 } })).toBe(10)
    expect(await count({ title: { startsWith: 'THING 1' } })).toBe(10)
    expect(await count({ search: '2' })).toBe(5)
    expect(await count({ or: [{ rank: { max: 0 } }, { and: [{ kind: ['B'] }, { rank: { min: 4 } }] }] })).toBe(7)
  })

  it.each([
    [{ first: 2, last: 2 }, ['last'], /first and last/],
    [{ after: 'x', before: 'y' }, ['before'], /after and before/],
    [{ page: 1, last: 2 }, ['last'], /cannot be mixed/],
    [{ limit: 5, first: 2 }, ['first'], /cannot be mixed/],
    [{ first: 2, before: 'x' }, ['before'], /one way/],
    [{ last: 251 }, ['last'], /between 1 and 250/],
    [{ before: 'nonsense' }, ['before'], /not a cursor this list returned/],
  ])('refuses %j with BAD_USER_INPUT on %j', async (args, field, message) => {
    await expect(list(args)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field,
      message: expect.stringMatching(message),
    })
  })

  it('refuses a cursor of another sort, and an unknown sort', async () => {
    const page = await list({ first: 2, sort: 'TITLE_ASC' })
    await expect(list({ last: 2, before: page.pageInfo.startCursor, sort: 'RANK_ASC' })).rejects.toMatchObject({
      field: ['before'],
      message: expect.stringMatching(/another sort/),
    })
    await expect(list({ sort: 'NOPE_ASC' as 'RANK_ASC' })).rejects.toMatchObject({ field: ['sort'] })
  })
})
