import {
  sql,
  type ColumnDataType,
  type ColumnType,
  type CreateTableBuilder,
  type InsertType,
  type RawBuilder,
  type SelectType,
  type UpdateType,
} from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'

// A read model's table is declared once, as a `TableSpec`: its columns give both the DDL that
// `createTable` runs and, by inference, the kysely row type (`RowOf`) its queries are typed by.

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>

/** What the DDL of a column says. */
interface ColumnDdl {
  dataType: ColumnDataType | RawBuilder<unknown>
  nullable: boolean
  /** A value or a `sql` expression. */
  defaultValue?: unknown
  /** The expression of a stored generated column. */
  generatedAs?: RawBuilder<unknown>
}

/** One column: its DDL, and the kysely type `T` of its values (`string`, `Timestamp`, a `ColumnType` …). */
export class Column<T> {
  /** Never set: it carries `T` to `RowOf`. */
  declare readonly type: T

  constructor(readonly ddl: ColumnDdl) {}

  /** May hold null; an insert may leave it out. */
  nullable(): Column<T | null> {
    return new Column({ ...this.ddl, nullable: true })
  }

  /** Takes `value` (a value or a `sql` expression) when an insert leaves it out. */
  default(value: unknown): Column<ColumnType<SelectType<T>, InsertType<T> | undefined, UpdateType<T>>> {
    return new Column({ ...this.ddl, defaultValue: value })
  }

  /** Computed by Postgres from the row's other columns and stored: read only. */
  generatedAs(expression: RawBuilder<unknown>): Column<ColumnType<SelectType<T>, never, never>> {
    return new Column({ ...this.ddl, generatedAs: expression })
  }
}

/**
 * A NOT NULL column of `dataType` whose values have the kysely type `T`.
 *
 * `NoInfer`: `T` is what the call names (or its default), never inferred from the spec the column
 * is put in, whose `Column<any>` would make it `any`.
 */
function ofType<T>(dataType: ColumnDataType | RawBuilder<unknown>): Column<NoInfer<T>> {
  return new Column<T>({ dataType, nullable: false })
}

/**
 * The column builders: NOT NULL columns of the usual types, and `ofType` for the others.
 *
 * @example { title: column.text(), image_id: column.uuid().nullable(), total: column.ofType<ColumnType<string, string, string>>('numeric') }
 */
export const column = {
  ofType,
  text: <T extends string = string>() => ofType<T>('text'),
  uuid: () => ofType<string>('uuid'),
  integer: () => ofType<number>('integer'),
  boolean: () => ofType<boolean>('boolean'),
  timestamptz: () => ofType<Timestamp>('timestamptz'),
  textArray: () => ofType<string[]>(sql`text[]`),
  /** jsonb, written as its JSON text and read back parsed. */
  jsonb: <T>() => ofType<ColumnType<T, string, string>>('jsonb'),
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column type: a spec's columns each have their own
export type Columns = Record<string, Column<any>>

/** A table: its name, its columns in order, its primary key (named `<name>_pkey`) and its plain indexes. */
export interface TableSpec<Name extends string = string, C extends Columns = Columns> {
  name: Name
  columns: C
  primaryKey?: readonly (keyof C & string)[]
  /** Each named, on its columns in order; see `createIndexes`. */
  indexes?: Readonly<Record<string, readonly (keyof C & string)[]>>
  /** Each named, a unique index on its columns in order. */
  uniqueIndexes?: Readonly<Record<string, readonly (keyof C & string)[]>>
  /** Each named, a GIN index on one array or tsvector column: what `@>`, `&&` and `@@` conditions use. */
  ginIndexes?: Readonly<Record<string, keyof C & string>>
}

/** Any table spec, as `createTable` reads it. */
export interface AnyTableSpec {
  name: string
  columns: Columns
  primaryKey?: readonly string[]
  indexes?: Readonly<Record<string, readonly string[]>>
  uniqueIndexes?: Readonly<Record<string, readonly string[]>>
  ginIndexes?: Readonly<Record<string, string>>
}

/** The kysely types of columns. */
export type ColumnTypes<C extends Columns> = { [K in keyof C]: C[K]['type'] }

/** The kysely row type of a table: what `Kysely<{ name: RowOf<…> }>` types its queries by. */
export type RowOf<Spec extends AnyTableSpec> = ColumnTypes<Spec['columns']>

/** The kysely database type of tables: `Kysely<DatabaseOf<typeof A | typeof B>>`. */
export type DatabaseOf<Spec extends AnyTableSpec> = {
  [S in Spec as S['name']]: RowOf<S>
}

/** How a table is keyed: its primary key, its plain and GIN indexes and the columns its store's rows are listed by. */
export interface TableKeys<Name extends string, C extends Columns> extends Pick<
  TableSpec<Name, C>,
  'primaryKey' | 'indexes' | 'uniqueIndexes' | 'ginIndexes'
> {
  /**
   * The columns a list sorts the store's rows by. Keyset pagination orders by (column, id) within
   * a store, so each gets the index (store_id, column, id), named `<table>_store_<column>_idx`
   * with a trailing `_at` left out (`created_at` → `pages_store_created_idx`).
   */
  sortedBy?: readonly (keyof C & string)[]
}

/**
 * Declares a table. Columns are NOT NULL unless `.nullable()`; their order is the table's.
 *
 * @example
 *   export const tokens = table('tokens', { store_id: column.uuid(), id: column.uuid(), name: column.text() }, {
 *     primaryKey: ['store_id', 'id'],
 *     sortedBy: ['name'],
 *   })
 *   export type TokensTable = RowOf<typeof tokens>
 */
export function table<Name extends string, C extends Columns>(
  name: Name,
  columns: C,
  keys: TableKeys<Name, C> = {},
): TableSpec<Name, C> {
  const { sortedBy, ...rest } = keys
  if (!sortedBy) return { name, columns, ...rest }
  const sortIndexes = sortedBy.map((column) => [
    `${name}_store_${column.replace(/_at$/, '')}_idx`,
    ['store_id', column, 'id'],
  ])
  return { name, columns, ...rest, indexes: { ...Object.fromEntries(sortIndexes), ...rest.indexes } }
}

/** Creates (if missing) the table of `spec`, then its indexes, unique indexes and GIN indexes. */
export async function createTable(db: AnyDb, spec: AnyTableSpec): Promise<void> {
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(spec.name).ifNotExists()
  for (const [name, { ddl }] of Object.entries(spec.columns))
    builder = builder.addColumn(name, ddl.dataType, (c) => {
      let definition = ddl.nullable ? c : c.notNull()
      if (ddl.defaultValue !== undefined) definition = definition.defaultTo(ddl.defaultValue)
      if (ddl.generatedAs) definition = definition.generatedAlwaysAs(ddl.generatedAs).stored()
      return definition
    })
  if (spec.primaryKey) builder = builder.addPrimaryKeyConstraint(`${spec.name}_pkey`, [...spec.primaryKey])
  await builder.execute()
  await createIndexes(db, spec.name, spec.indexes ?? {})
  for (const [name, columns] of Object.entries(spec.uniqueIndexes ?? {}))
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .unique()
      .on(spec.name)
      .columns([...columns])
      .execute()
  for (const [name, column] of Object.entries(spec.ginIndexes ?? {}))
    await db.schema.createIndex(name).ifNotExists().on(spec.name).using('gin').column(column).execute()
}

/**
 * Creates (if missing) the plain indexes of a table, each named with its columns. Keyset
 * pagination orders by (column, id) within a store: a sortable column's index ends in `id`.
 *
 * @example
 *   await createIndexes(db, 'blogs', {
 *     blogs_store_handle_idx: ['store_id', 'handle'],
 *     blogs_store_title_idx: ['store_id', 'title', 'id'],
 *   })
 */
export async function createIndexes(
  db: AnyDb,
  table: string,
  indexes: Readonly<Record<string, readonly string[]>>,
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes))
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on(table)
      .columns([...columns])
      .execute()
}
