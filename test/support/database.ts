import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { openDatabase, type Database } from '../../infra/database/database.js'

export interface TestDatabase {
  database: Database
  /** The URL of the per-file database, or undefined on PGlite. */
  url: string | undefined
  /** Close and drop the database. */
  drop(): Promise<void>
}

/** Set by `global-setup.ts`: the run's migrated PGlite data directory, and its Postgres template database. */
export const SNAPSHOT_ENV = 'EMPORIUM_TEST_PGLITE_SNAPSHOT'
export const TEMPLATE_ENV = 'EMPORIUM_TEST_TEMPLATE_DATABASE'

/**
 * A fresh database for one test file: a new Postgres database when `DATABASE_URL` is set
 * (so files run in parallel without sharing state), else an in-memory PGlite. `pglite` asks for
 * PGlite whatever the environment, for what happens only on the embedded backend. Both start
 * from the run's migrated snapshot when the global setup made one.
 */
export async function createTestDatabase(options: { pglite?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = options.pglite ? undefined : process.env.DATABASE_URL
  if (!baseUrl) {
    const database = await openTestPglite()
    return { database, url: undefined, drop: () => database.close().catch(() => undefined) }
  }
  const name = `emporium_test_${randomBytes(6).toString('hex')}`
  const template = process.env[TEMPLATE_ENV]
  await adminQuery(baseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
  const url = withDatabaseName(baseUrl, name)
  const database = await openDatabase({ url, poolSize: 10 })
  return {
    database,
    url,
    async drop() {
      // The platform may have closed it already; closing twice is harmless.
      await database.close().catch(() => undefined)
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** Open another connection set to the same test database (a second "process"). */
export async function openSecondConnection(test: TestDatabase): Promise<Database> {
  if (!test.url) return test.database
  return openDatabase({ url: test.url, poolSize: 5 })
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** An in-memory PGlite started from the run's migrated snapshot, or from scratch without one. */
export async function openTestPglite(): Promise<Database> {
  return openDatabase({ loadDataDir: await pgliteSnapshot() })
}

async function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = process.env[SNAPSHOT_ENV]
  return file ? new Blob([await readFile(file)]) : undefined
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
