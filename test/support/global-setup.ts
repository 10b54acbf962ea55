import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect } from 'kysely'
import { openDatabase } from '../../infra/database/database.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import { platformMigrations } from '../../app/migrations.js'
import { SNAPSHOT_ENV, TEMPLATE_ENV, adminQuery, withDatabaseName } from './database.js'

/**
 * Migrates one database per run for every test file to start from (its location goes to the
 * workers by environment variable): on PGlite a dumped data
 * directory (starting from it skips initdb, which costs seconds per file), on Postgres a
 * template database that `CREATE DATABASE … TEMPLATE` copies. The migrations still run on
 * every open and find nothing left to do.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL
  return baseUrl ? makeTemplate(baseUrl) : makeSnapshot()
}

async function makeSnapshot(): Promise<() => Promise<void>> {
  const pglite = await PGlite.create()
  const db = new Kysely({ dialect: new PGliteDialect({ pglite }) })
  await migrateToLatest(db, platformMigrations)
  // Uncompressed: loading skips the gunzip, and the file lives only as long as the run.
  const dump = await pglite.dumpDataDir('none')
  await db.destroy()
  const dir = await mkdtemp(path.join(tmpdir(), 'emporium-test-'))
  const file = path.join(dir, 'migrated.tar')
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  process.env[SNAPSHOT_ENV] = file
  return () => rm(dir, { recursive: true, force: true })
}

async function makeTemplate(baseUrl: string): Promise<() => Promise<void>> {
  const name = `emporium_template_${randomBytes(6).toString('hex')}`
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`)
  const database = await openDatabase({ url: withDatabaseName(baseUrl, name), poolSize: 1 })
  try {
    await migrateToLatest(database.db, platformMigrations)
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await database.close()
  }
  process.env[TEMPLATE_ENV] = name
  return () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}
