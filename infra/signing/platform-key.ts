import { hkdfSync, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { AnyDb } from '../database/database.js'

/** What a key signs: the HKDF label when `INTERNAL_SECRET` is set, the row name when the key is kept in the database. */
export interface KeyPurpose {
  label: string
  name: string
}

/**
 * A 32-byte key for one purpose, the same on every API node: derived from `INTERNAL_SECRET`
 * when it is set, else a random key made once and kept in the database (the first node to need
 * it inserts it; the others read that one). A purpose's key never signs another purpose's tokens.
 */
export async function platformSigningKey(
  internalSecret: string | undefined,
  db: AnyDb,
  purpose: KeyPurpose,
): Promise<Buffer> {
  if (internalSecret) return Buffer.from(hkdfSync('sha256', internalSecret, 'emporium', purpose.label, 32))
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
