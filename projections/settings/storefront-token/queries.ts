import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { STOREFRONT_TOKEN_LIST } from '../../../domain/settings/storefront-token/list.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { StorefrontTokenDb, StorefrontTokenRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** A storefront token as the admin API serves it: never the token, which is not kept. */
export interface StorefrontTokenRecord {
  id: string
  name: string
  last4: string
  status: 'ACTIVE' | 'REVOKED'
  createdAt: Date
  revokedAt: Date | null
}

export type ListStorefrontTokensArgs = ListArgsOf<typeof STOREFRONT_TOKEN_LIST>
export const STOREFRONT_TOKEN_SORTS = sortValues(STOREFRONT_TOKEN_LIST)

const tokens = listRunner(STOREFRONT_TOKEN_LIST, {
  filters: { name: 'name', status: 'status', createdAt: 'created_at' },
  sorts: { NAME: 'name', CREATED_AT: 'created_at' },
})

/** One token of the store, or null (another store's id included). */
export async function findStorefrontToken(
  db: AnyDb,
  storeId: string,
  id: string,
): Promise<StorefrontTokenRecord | null> {
  const row = await findInStore((db as StorefrontTokenDb).selectFrom('storefront_tokens').selectAll(), storeId, { id })
  return row ? toStorefrontTokenRecord(row) : null
}

/** The store an active token of this hash belongs to, or null: what the storefront API authenticates by. */
export async function activeTokenStore(db: AnyDb, tokenHash: string): Promise<string | null> {
  const row = await (db as StorefrontTokenDb)
    .selectFrom('storefront_tokens')
    .select('store_id')
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst()
  return row?.store_id ?? null
}

/** One page of the store's tokens, revoked ones included. */
export async function listStorefrontTokens(
  db: AnyDb,
  storeId: string,
  args: ListStorefrontTokensArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<StorefrontTokenRecord>> {
  const query = (db as StorefrontTokenDb).selectFrom('storefront_tokens').selectAll().where(inStore(storeId))
  return mapConnection(await tokens.run(query, args, options), toStorefrontTokenRecord)
}

function toStorefrontTokenRecord(row: StorefrontTokenRow): StorefrontTokenRecord {
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    status: row.status,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }
}
