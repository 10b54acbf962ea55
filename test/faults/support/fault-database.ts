import { openDatabase, type Database } from '../../../infra/database/database.js'
import { createTestDatabase } from '../../support/database.js'
import { missingBinary, startPrivatePostgres } from './private-servers.js'

export interface FaultDatabase {
  url: string
  /** A connection of this process, to check the log and read models against what clients were told. */
  database: Database
  drop(): Promise<void>
}

/**
 * A Postgres database of its own for a fault run whose server processes are killed: a fresh
 * database on `DATABASE_URL` when set, else a private cluster (PGlite cannot be shared by the
 * server process and this one). Throws with the reason when neither is available.
 */
export async function openFaultDatabase(): Promise<FaultDatabase> {
  if (process.env.DATABASE_URL) {
    const test = await createTestDatabase()
    return { url: test.url!, database: test.database, drop: () => test.drop() }
  }
  const missing = missingBinary('postgres')
  if (missing) throw new Error(`needs DATABASE_URL or a PostgreSQL install: ${missing}`)
  const server = await startPrivatePostgres()
  const database = await openDatabase({ url: server.url, poolSize: 4 })
  return {
    url: server.url,
    database,
    async drop() {
      await database.close()
      await server.stop()
    },
  }
}

/** Whether a fault run can get a Postgres here; prints why not outside CI, throws under CI. */
export function faultDatabaseAvailable(): boolean {
  if (process.env.DATABASE_URL) return true
  const missing = missingBinary('postgres')
  if (!missing) return true
  if (process.env.CI) throw new Error(`fault test cannot run under CI: no DATABASE_URL and ${missing}`)
  process.stdout.write(`skipping fault test: no DATABASE_URL and ${missing}\n`)
  return false
}
