import { sql } from 'kysely'
import type { CollectionRule } from '../../../domain/webstore/collection/rules.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { compileRules } from './rules-sql.js'
import { tablesOf, type CollectionDb } from './tables.js'

interface SmartCollection {
  id: string
  rules: CollectionRule[]
  disjunctive: boolean
}

/** The store's SMART collections with their rules. */
export async function smartCollections(db: AnyDb, storeId: string, collectionId?: string): Promise<SmartCollection[]> {
  let query = (db as CollectionDb)
    .selectFrom('collections')
    .select(['id', 'rules', 'disjunctive'])
    .where('store_id', '=', storeId)
    .where('type', '=', 'SMART')
  if (collectionId) query = query.where('id', '=', collectionId)
  return query.execute()
}

/**
 * Brings the membership of `collections` up to date for `productIds` (every product of the store
 * when null), in one statement: the matches are computed from the facts tables, non-matching
 * rows are deleted and new matches inserted.
 */
export async function evaluateMembership(
  db: AnyDb,
  storeId: string,
  collections: readonly SmartCollection[],
  productIds: readonly string[] | null,
): Promise<void> {
  if (collections.length === 0 || productIds?.length === 0) return
  const table = tablesOf(db)
  const products = productIds ? sql`and f.product_id in (${sql.join(productIds.map((id) => sql`${id}::uuid`))})` : sql``
  const hits = sql.join(
    collections.map(
      (collection) =>
        sql`select ${collection.id}::uuid as collection_id, f.product_id from ${table('collection_product_facts')} f where f.store_id = ${storeId}::uuid ${products} and ${compileRules(collection.rules, collection.disjunctive, table)}`,
    ),
    sql` union all `,
  )
  const ids = sql.join(collections.map((collection) => sql`${collection.id}::uuid`))
  const scope = productIds ? sql`and cp.product_id in (${sql.join(productIds.map((id) => sql`${id}::uuid`))})` : sql``
  await sql`
    with hits as (${hits}),
    gone as (
      delete from ${table('collection_products')} cp
      where cp.store_id = ${storeId}::uuid and cp.collection_id in (${ids}) ${scope}
        and not exists (select 1 from hits h where h.collection_id = cp.collection_id and h.product_id = cp.product_id)
    )
    insert into ${table('collection_products')} (store_id, collection_id, product_id, position)
    select ${storeId}::uuid, h.collection_id, h.product_id, 0 from hits h
    on conflict (store_id, collection_id, product_id) do nothing
  `.execute(db)
}
