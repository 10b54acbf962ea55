import { sortValues, type ListArgsOf } from '../../../domain/shared/list-spec.js'
import { STOREFRONT_TOKEN_LIST } from '../../../domain/settings/storefront-token/list.js'
import { listRunner } from '../../shared/list-runner.js'
import type { StorefrontTokenDb, StorefrontTokenRow } from './tables.js'
import { storeRecords } from '../../shared/store-records.js'

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

const tokens = storeRecords({
  rows: (db: StorefrontTokenDb) => db.selectFrom('storefront_tokens').selectAll(),
  list: listRunner(STOREFRONT_TOKEN_LIST),
  toRecord: toStorefrontTokenRecord,
})

/** One token of the store, or null (another store's id included). */
export const findStorefrontToken = tokens.findById

/** The store an active token of this hash belongs to, or null: what the storefront API authenticates by. */
export async function activeTokenStore(db: StorefrontTokenDb, tokenHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('storefront_tokens')
    .select('store_id')
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst()
  return row?.store_id ?? null
}

/** One page of the store's tokens, revoked ones included. */
export const listStorefrontTokens = tokens.list

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
