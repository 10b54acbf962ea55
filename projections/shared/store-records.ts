import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely'
import type { AnyListSpec, ListArgsOf } from '../../domain/shared/list-spec.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { ListRunner } from './list-runner.js'
import type { Connection, PaginateOptions } from './pagination.js'
import { findInStore, findManyInStore, inStore } from './store-rows.js'
import type { AnyTableSpec, DatabaseOf, RowOf } from './table.js'

/** How `find` names a row: by its id, or by the columns `key` names (none: by id only). */
export type Lookup<Key extends string> = { id: string } | ([Key] extends [never] ? never : Record<Key, string>)

/** What a read model of store rows says of its own; see {@link storeRecords}. */
export interface StoreRecordsSpec<Db, Row extends { id: string }, Item, S extends AnyListSpec, Key extends string> {
  /** Every store's rows, with the columns its records are made of. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the readers add only store_id and id conditions
  rows(db: Db): SelectQueryBuilder<any, any, Row>
  /** The columns, unique together in the store, that `find` may name instead of the id (e.g. `['handle']`). */
  key?: readonly Key[]
  /** The filters and sorts of its list. */
  list: ListRunner<S>
  toRecord(row: Row): Item
}

/** The readers of one read model of store rows; see {@link storeRecords}. */
export interface StoreRecords<Db, Item, S extends AnyListSpec, Key extends string> {
  /** One record of the store by id or key, or null (another store's id, or no uuid, included). */
  find(db: Db, storeId: string, by: Lookup<Key>): Promise<Item | null>
  /** One record of the store by id, or null. */
  findById(db: Db, storeId: string, id: string): Promise<Item | null>
  /** One page of the store's records, filtered and sorted as `args` say. */
  list(db: Db, storeId: string, args?: ListArgsOf<S>, options?: PaginateOptions): Promise<Connection<Item>>
  /** The store's records for a batch of ids, in the same order, null where there is none (a dataloader's batch). */
  byIds(db: Db, storeId: string, ids: readonly string[]): Promise<(Item | null)[]>
}

/**
 * The reads every read model of store rows offers, written once: find by id or key, a page of the
 * list, a batch by ids. A resource's `queries.ts` declares its rows, key, list and record, and
 * exports these readers under its own names.
 *
 * @example
 *   const blogs = storeRecords({
 *     rows: (db: BlogDb) => db.selectFrom('blogs').selectAll(),
 *     key: ['handle'],
 *     list: listRunner(BLOG_LIST, { filters: { title: 'title' }, sorts: { TITLE: 'title' } }),
 *     toRecord: toBlogRecord,
 *   })
 *   export const findBlog = blogs.find
 */
export function storeRecords<Db, Row extends { id: string }, Item, S extends AnyListSpec, Key extends string = never>(
  spec: StoreRecordsSpec<Db, Row, Item, S, Key>,
): StoreRecords<Db, Item, S, Key> {
  const { rows, key = [], list, toRecord } = spec
  const page = list.reader((db: Db, storeId: string) => rows(db).where(inStore(storeId)), toRecord)
  const find = async (db: Db, storeId: string, by: Lookup<Key>) => {
    const named: Readonly<Record<string, string>> = by
    const columns = 'id' in by ? { id: by.id } : Object.fromEntries(key.map((column) => [column, named[column]!]))
    const row = await findInStore(rows(db), storeId, columns)
    return row ? toRecord(row) : null
  }
  return {
    find,
    findById: (db, storeId, id) => find(db, storeId, { id }),
    list: page,
    async byIds(db, storeId, ids) {
      return (await findManyInStore(rows(db), storeId, ids)).map((row) => row && toRecord(row))
    },
  }
}

/**
 * The readers of a table whose records are made of all of its columns (see {@link storeRecords}):
 * its rows are the table's.
 *
 * @example
 *   const blogs = tableRecords(BLOGS_TABLE, { key: ['handle'], list: listRunner(BLOG_LIST), toRecord: toBlogRecord })
 */
export function tableRecords<
  Spec extends AnyTableSpec,
  Item,
  S extends AnyListSpec,
  Row extends Selectable<RowOf<Spec>> & { id: string },
  Key extends string = never,
>(
  table: Spec,
  spec: Omit<StoreRecordsSpec<Kysely<DatabaseOf<Spec>>, Row, Item, S, Key>, 'rows'>,
): StoreRecords<Kysely<DatabaseOf<Spec>>, Item, S, Key> {
  return storeRecords({
    ...spec,
    rows(db) {
      // Kysely cannot type a read of a table named by a type parameter: its rows are the spec's.
      const rows: AnyDb = db
      return rows.selectFrom(table.name).selectAll().$castTo<Row>()
    },
  })
}
