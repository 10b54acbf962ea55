import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { isUuid } from '../../domain/shared/ids.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Eb } from './filters.js'

/**
 * The rows of one store, as a `where` condition: none for a store id that is no uuid, which
 * Postgres would refuse to read as one.
 *
 * @example db.selectFrom('pages').selectAll().where(inStore(storeId))
 */
export function inStore(storeId: string): (eb: Eb) => Expression<SqlBool> {
  return (eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`)
}

/**
 * The row of the store with the `id` of `key` when it has one, else with its values of columns
 * unique in the store (`{ handle }`, `{ blog_id, handle }`); undefined when there is none. An id
 * that is no uuid (the store's, the row's or a `…_id` column's) finds nothing, and neither does
 * another store's id.
 *
 * @example await findInStore(db.selectFrom('pages').selectAll(), storeId, { handle: 'about' })
 */
export async function findInStore<Row>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the key names its columns
  query: SelectQueryBuilder<any, any, Row>,
  storeId: string,
  key: Readonly<Record<string, string>>,
): Promise<Row | undefined> {
  const columns = Object.entries(key.id === undefined ? key : { id: key.id.toLowerCase() })
  if (findsNothing(storeId, columns)) return undefined
  let row = query.where('store_id', '=', storeId)
  for (const [column, value] of columns) row = row.where(column, '=', value)
  return row.executeTakeFirst()
}

/**
 * The store's rows whose `column` is one of `values`, in no particular order; no values ask
 * nothing of the database. For tables keyed by another column than `id` (an order's address, a
 * payment secret); store and values are taken as they are, so pass ids the platform made.
 *
 * @example await rowsInStore(db.selectFrom('order_addresses').selectAll(), storeId, 'order_id', orderIds)
 */
export async function rowsInStore<Row>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the column is named by the caller
  query: SelectQueryBuilder<any, any, Row>,
  storeId: string,
  column: string,
  values: readonly string[],
): Promise<Row[]> {
  if (values.length === 0) return []
  return query
    .where('store_id', '=', storeId)
    .where(column, 'in', [...values])
    .execute()
}

/**
 * The rows of the store with these ids, in the order asked, null where there is none (a
 * dataloader's batch): ids are matched ignoring case, and one that is no uuid finds nothing.
 *
 * @example await findManyInStore(db.selectFrom('blogs').selectAll(), storeId, ['0190…', '0191…'])
 */
export async function findManyInStore<Row extends { id: string }>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table with an id column
  query: SelectQueryBuilder<any, any, Row>,
  storeId: string,
  ids: readonly string[],
): Promise<(Row | null)[]> {
  const wanted = uuids(ids)
  if (!isUuid(storeId) || wanted.length === 0) return ids.map(() => null)
  const rows = await query.where('store_id', '=', storeId).where('id', 'in', wanted).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => byId.get(id.toLowerCase()) ?? null)
}

/**
 * A dataloader's batch function for the lists products own (their media, variants, categories…),
 * written once: `rows` selects every store's rows of such lists in the order a list keeps, and
 * the lists of the store's products come back in the order asked, empty for a product with none.
 * A store id or product id that is no uuid finds nothing. Rows read through a join name the table
 * (or alias) whose `store_id` and `product_id` columns say whose they are.
 *
 * @example
 *   export const mediaOfProducts = listsOfProducts(
 *     (db: MediaDb) => db.selectFrom('product_media').selectAll().orderBy('position'),
 *     toProductMediaRecord,
 *   )
 */
export function listsOfProducts<Db, Row extends { product_id: string }, Item>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table with store_id and product_id columns
  rows: (db: Db) => SelectQueryBuilder<any, any, Row>,
  toRecord: (row: NoInfer<Row>) => Item,
  table?: string,
): (db: Db, storeId: string, productIds: readonly string[]) => Promise<Item[][]> {
  const column = (name: string) => (table ? `${table}.${name}` : name)
  return async (db, storeId, productIds) => {
    const wanted = uuids(productIds)
    if (!isUuid(storeId) || wanted.length === 0) return productIds.map(() => [])
    const found = await rows(db)
      .where(column('store_id'), '=', storeId)
      .where(column('product_id'), 'in', wanted)
      .execute()
    const lists = new Map<string, Item[]>()
    for (const row of found) {
      const list = lists.get(row.product_id)
      if (list) list.push(toRecord(row))
      else lists.set(row.product_id, [toRecord(row)])
    }
    return productIds.map((id) => lists.get(id.toLowerCase()) ?? [])
  }
}

/** The uuids among `ids`, lowercased and each once: what a batch asks the database for. */
export function uuids(ids: readonly string[]): string[] {
  return [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))]
}

/**
 * The values of `column` (the id unless named) in the store's rows of `table` whose columns hold
 * these values, in order; none when the store id, or the value of an id column, is no uuid.
 *
 * @example await idsInStore(db, 'posts', storeId, { blog_id: blogId })
 */
export async function idsInStore<DB>(
  db: Kysely<DB>,
  table: keyof DB & string,
  storeId: string,
  where: Readonly<Record<string, string>>,
  column = 'id',
): Promise<string[]> {
  const columns = Object.entries(where)
  if (findsNothing(storeId, columns)) return []
  // Kysely cannot type a read of a table named by a type parameter: the table is checked above.
  const rows: AnyDb = db
  const name: string = table
  let query = rows.selectFrom(name).select(column).where('store_id', '=', storeId)
  for (const [name, value] of columns) query = query.where(name, '=', value)
  const found: Record<string, string>[] = await query.orderBy(column).execute()
  return found.map((row) => row[column]!)
}

/**
 * Deletes the store's rows of `table` whose columns hold these values: what goes with a deleted
 * product, category or blog. Given the revision of the event that deletes them, only the rows an
 * earlier event wrote go, so a replay cannot delete what a later event wrote.
 *
 * @example await deleteInStore(db, 'product_media', storeId, { product_id: productId })
 * @example await deleteInStore(db, 'translations', storeId, { locale, resource_id, key }, recorded.revision)
 */
export async function deleteInStore<DB>(
  db: Kysely<DB>,
  table: keyof DB & string,
  storeId: string,
  where: Readonly<Record<string, string>>,
  revision?: number,
): Promise<void> {
  // Kysely cannot type a delete from a table named by a type parameter: the table is checked above.
  const rows: AnyDb = db
  const name: string = table
  let doomed = rows.deleteFrom(name).where('store_id', '=', storeId)
  for (const [column, value] of Object.entries(where)) doomed = doomed.where(column, '=', value)
  if (revision !== undefined) doomed = doomed.where('revision', '<', revision)
  await doomed.execute()
}

/** Whether a look-up by these columns finds nothing for sure: the store id, or an id column's value, is no uuid. */
function findsNothing(storeId: string, columns: readonly (readonly [string, string])[]): boolean {
  const ids = columns.filter(([column]) => column === 'id' || column.endsWith('_id'))
  return !isUuid(storeId) || !ids.every(([, value]) => isUuid(value))
}
