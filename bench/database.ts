import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export interface BenchDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * A fresh database beside the admin URL's, so the bench never touches data it did not create.
 * `drop` is idempotent and forces other sessions off, because a server that did not shut down
 * cleanly would otherwise keep the database busy and leave it behind.
 */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `emporium_bench_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`)).catch((error: unknown) => {
    throw new Error(
      `cannot create the bench database through ${redacted(adminUrl)} (set DATABASE_URL to an admin URL): ${(error as Error).message}`,
    )
  })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let dropped = false
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return
      dropped = true
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    },
  }
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The URL without its password, fit for an error message. */
function redacted(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
