import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { searchWords } from '../../shared/filters.js'

/**
 * Postgres text-search configurations by language subtag of the store's default locale
 * (`fr-CA` → french). Only those every supported Postgres (and PGlite) ships; any other
 * language keeps 'simple', which indexes words as written.
 */
const CONFIGS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
}

/** The text-search configuration for a BCP-47 locale: `en-GB` → `english`, `ja` → `simple`. */
export function searchConfigFor(locale: string): string {
  return CONFIGS[locale.trim().toLowerCase().split(/[-_]/)[0] ?? ''] ?? 'simple'
}

/** Store events that set the default locale, which the products projection follows for search. */
export const SEARCH_LANGUAGE_EVENT_TYPES = ['StoreCreated', 'StoreLocalesChanged'] as const

/**
 * `product_search_languages`: the configuration each store's product text is stemmed with.
 * Kept by the products projection itself (not read from the tenancy read model) so a product
 * is always indexed with the language its store had at that point of the log. Its rows come
 * from organization-level store streams, so a store rebuild keeps them (not a store table).
 */
export async function createSearchLanguageTable(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_search_languages')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.primaryKey())
    .addColumn('config', 'text', (c) => c.notNull())
    .execute()
}

/**
 * Records the store's search language and, when it changed, re-indexes the store's products
 * with it. `search` is the vector over the row's current columns (tables.ts `searchVector`).
 */
export async function applySearchLanguage(
  recorded: RecordedEvent,
  db: AnyDb,
  search: Expression<string>,
): Promise<void> {
  const data = recorded.data as { storeId?: string; defaultLocale?: string }
  if (!data.storeId || !data.defaultLocale) return
  const config = searchConfigFor(data.defaultLocale)
  const { rows } = await sql<{
    config: string
  }>`select config from product_search_languages where store_id = ${data.storeId}`.execute(db)
  if (rows[0]?.config === config) return
  await sql`insert into product_search_languages (store_id, config) values (${data.storeId}, ${config})
    on conflict (store_id) do update set config = excluded.config`.execute(db)
  if (rows[0]) await sql`update products set search = ${search} where store_id = ${data.storeId}`.execute(db)
}

/** The store's configuration as a `regconfig` expression; 'simple' for a store not recorded. */
export function storeConfig(storeId: unknown): RawBuilder<unknown> {
  return sql`coalesce((select l.config from product_search_languages l where l.store_id = ${storeId}), 'simple')::regconfig`
}

/**
 * The stemmed part of a product's search vector: title, tags and description in the store's
 * language, so `shirts` finds `Shirt` in English and `chemises` finds `chemise` in French. The
 * 'simple' part beside it (tables.ts) keeps handles, SKUs and words exactly as written.
 */
export function languageVector(
  storeId: unknown,
  title: unknown,
  tags: unknown,
  description: unknown,
): RawBuilder<string> {
  const config = storeConfig(storeId)
  const part = (value: unknown, weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector(${config}, coalesce(${value}::text, '')), ${sql.lit(weight)})`
  return sql<string>`${part(title, 'A')} || ${part(sql`array_to_string(${tags}::text[], ' ')`, 'B')} || ${part(description, 'C')}`
}

/**
 * The full-text condition for a search text: every word must match, the last as a prefix so
 * results follow the typing, each word in the store's language or exactly as written ('simple'),
 * so stemmed words and codes (SKUs, handles) both match. Words are quoted lexemes, so no user
 * text is read as tsquery syntax. Null when no word has a letter or digit: such a search filters nothing.
 *
 * @example searchCondition('red shirts', storeId) // (english 'red' | simple 'red') & (english 'shirt':* | simple 'shirts':*)
 */
export function searchCondition(text: string, storeId: string): Expression<SqlBool> | null {
  const words = searchWords(text).filter((word) => /[\p{L}\p{N}]/u.test(word))
  if (words.length === 0) return null
  const config = storeConfig(storeId)
  const queries = words.map((word, index) => {
    const lexeme = `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${index === words.length - 1 ? ':*' : ''}`
    return sql`(to_tsquery(${config}, ${lexeme}) || to_tsquery('simple'::regconfig, ${lexeme}))`
  })
  return sql<SqlBool>`search @@ (${sql.join(queries, sql` && `)})`
}
