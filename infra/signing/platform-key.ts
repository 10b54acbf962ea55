import { hkdfSync, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { AnyDb } from '../database/database.js'

/** What a key is for: the HKDF label when `INTERNAL_SECRET` is set, the row name when the key is kept in the database. */
export interface KeyPurpose {
  label: string
  name: string
}

/** Where keys come from: the platform's configuration and database (a `Platform` is one). */
export interface KeySource {
  config: { internalSecret: string | undefined }
  database: { db: AnyDb }
}

/**
 * A 32-byte key for one purpose, the same on every API node: derived from `INTERNAL_SECRET`
 * when it is set, else a random key made once and kept in the database (the first node to need
 * it inserts it; the others read that one). A purpose's key never signs another purpose's tokens.
 */
export async function platformSigningKey(
  internalSecret: string | undefined,
  db: AnyDb | undefined,
  purpose: KeyPurpose,
): Promise<Buffer> {
  if (internalSecret) return Buffer.from(hkdfSync('sha256', internalSecret, 'emporium', purpose.label, 32))
  if (!db) throw new Error(`INTERNAL_SECRET is not set, and there is no database to keep the ${purpose.name} key in`)
  // The table's name predates other purposes: staged uploads were the first to need a key.
  await sql`create table if not exists media_signing_keys (name text primary key, key bytea not null)`.execute(db)
  await sql`insert into media_signing_keys (name, key) values (${purpose.name}, ${randomBytes(32)}) on conflict (name) do nothing`.execute(
    db,
  )
  const { rows } = await sql<{
    key: Uint8Array
  }>`select key from media_signing_keys where name = ${purpose.name}`.execute(db)
  return Buffer.from(rows[0]!.key)
}

const keys = new WeakMap<KeySource, Map<string, Promise<Buffer>>>()

/**
 * `platformSigningKey` for `source`, made once per process and purpose; a failure (the database
 * away) is forgotten, so the next call tries again.
 *
 * @example const key = await signingKeyFor(platform, { label: 'storefront carts v1', name: 'carts' })
 */
export function signingKeyFor(source: KeySource, purpose: KeyPurpose): Promise<Buffer> {
  let byPurpose = keys.get(source)
  if (!byPurpose) keys.set(source, (byPurpose = new Map()))
  let key = byPurpose.get(purpose.name)
  if (!key) {
    key = platformSigningKey(source.config.internalSecret, source.database.db, purpose)
    key.catch(() => byPurpose.delete(purpose.name))
    byPurpose.set(purpose.name, key)
  }
  return key
}
