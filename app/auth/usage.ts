import type { Kysely } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import { column, table, type RowOf } from '../../projections/shared/table.js'

/**
 * When each credential was last used: mutable operational data, not a domain fact worth an event
 * per request, and not part of any read model, so a projection rebuild cannot reset it. Its
 * migration is in account-tables.ts with the other credential tables outside events.
 */
export const CREDENTIAL_USAGE_TABLE = table(
  'credential_usage',
  { credential_id: column.uuid(), last_used_at: column.timestamptz() },
  { primaryKey: ['credential_id'] },
)

export type CredentialUsageTable = RowOf<typeof CREDENTIAL_USAGE_TABLE>

/** Recording every request would turn each read into a write; once a minute is enough for a listing's hint. */
export const LAST_USED_RESOLUTION_MS = 60_000

const usage = (db: AnyDb): Kysely<{ credential_usage: CredentialUsageTable }> => db

/** Records a use at `now` unless one was recorded less than LAST_USED_RESOLUTION_MS before. */
export async function recordCredentialUse(
  db: AnyDb,
  credentialId: string,
  lastUsedAt: Date | null,
  now: Date,
): Promise<void> {
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return
  await usage(db)
    .insertInto('credential_usage')
    .values({ credential_id: credentialId, last_used_at: now })
    // Concurrent requests may race; the later time wins, an earlier one never moves it back.
    .onConflict((oc) =>
      oc.column('credential_id').doUpdateSet({ last_used_at: now }).where('credential_usage.last_used_at', '<', now),
    )
    .execute()
}

/**
 * When each of the credentials was last used, in the order given (null: never, or not since
 * usage was recorded here).
 *
 * @example const [lastUsedAt] = await lastUsedOf(db, [key.id])
 */
export async function lastUsedOf(db: AnyDb, credentialIds: readonly string[]): Promise<(Date | null)[]> {
  if (credentialIds.length === 0) return []
  const rows = await usage(db)
    .selectFrom('credential_usage')
    .select(['credential_id', 'last_used_at'])
    .where('credential_id', 'in', [...new Set(credentialIds)])
    .execute()
  const byId = new Map(rows.map((row) => [row.credential_id, row.last_used_at]))
  return credentialIds.map((id) => byId.get(id) ?? null)
}
