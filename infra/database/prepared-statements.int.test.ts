import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import { prepared } from './prepared-statements.js'

let test: TestDatabase

beforeAll(async () => {
  test = await createTestDatabase()
})

afterAll(() => test.drop())

const marked = (n: number) => sql<{ doubled: number }>`${prepared()}select ${n}::int * 2 as doubled`
const plain = (n: number) => sql<{ doubled: number }>`select ${n}::int * 3 as doubled`

describe('prepared statements', () => {
  it('answer a marked statement with each call’s parameters, as any statement', async () => {
    const { db } = test.database
    expect((await marked(2).execute(db)).rows).toEqual([{ doubled: 4 }])
    expect((await marked(21).execute(db)).rows).toEqual([{ doubled: 42 }])
    expect((await plain(2).execute(db)).rows).toEqual([{ doubled: 6 }])
  })

  // PGlite runs in this process: it has no connection to keep a statement on.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'are parsed once per Postgres connection, and only the marked ones',
    async () => {
      const names = await test.database.withSession(async (session) => {
        await marked(1).execute(session)
        await marked(2).execute(session)
        await plain(1).execute(session)
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(session)
        return rows.map((row) => row.statement)
      })
      expect(names).toHaveLength(1)
      expect(names[0]).toContain('* 2 as doubled')
    },
  )
})
