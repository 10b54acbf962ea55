import { sql, type RawBuilder } from 'kysely'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { combineFilter } from '../../shared/filters.js'
import { filterScope, type FilterScope } from './filters.js'
import { withCatalog, type ProductFilter } from './queries.js'
import type { ProductDb } from './tables.js'

export const DEFAULT_TAG_LIMIT = 20
export const MAX_TAG_LIMIT = 100

export interface FacetValueCount {
  value: string
  count: number
}

export interface ProductFacets {
  totalCount: number
  status: FacetValueCount[]
  tags: FacetValueCount[]
  categories: { categoryId: string; title: string; path: string; count: number }[]
  attributes: { code: string; values: FacetValueCount[] }[]
  /** Amounts as decimal strings in the store's currency, as GraphQL's `Money`. */
  price: { min: Money | null; max: Money | null }
}

export interface Money {
  amount: string
  currencyCode: string
}

export interface ProductFacetsArgs {
  filter?: ProductFilter | null
  search?: string | null
  /** Only these attributes; every filterable one when omitted. */
  attributeCodes?: readonly string[] | null
  tagLimit?: number | null
}

interface FacetRow {
  facet: 'total' | 'status' | 'tag' | 'category' | 'price' | 'attribute'
  key: string | null
  value: string | null
  extra: string | null
  count: string | number
}

/**
 * Facet counts of a filtered product list in one statement: the filtered set once (a
 * materialized CTE), then a UNION ALL of GROUP BYs over it.
 * Disjunctive faceting: each facet is counted under the whole filter minus its own top-level
 * condition, so choosing `tags: {any: ['red']}` still counts every other tag as the choice it
 * would add; an attribute's values are counted without that attribute's own condition.
 * Conditions nested in `and`/`or` apply to every facet.
 *
 * @example await productFacets(db, storeId, { filter: { status: ['ACTIVE'] }, search: 'shirt' })
 */
export async function productFacets(
  db: ProductDb,
  storeId: string,
  args: ProductFacetsArgs = {},
): Promise<ProductFacets> {
  const tagLimit = args.tagLimit ?? DEFAULT_TAG_LIMIT
  if (!Number.isInteger(tagLimit) || tagLimit < 1 || tagLimit > MAX_TAG_LIMIT) {
    throw badInput(['tagLimit'], `tagLimit must be between 1 and ${MAX_TAG_LIMIT}; got ${tagLimit}`)
  }
  const scope = await filterScope(db, storeId, true)
  const empty: ProductFacets = {
    totalCount: 0,
    status: [],
    tags: [],
    categories: [],
    attributes: [],
    price: { min: null, max: null },
  }
  if (!isUuid(storeId)) return empty
  const filter = withSearch(args.filter ?? {}, args.search)
  const rows = (await facetStatement(db, storeId, filter, scope, args.attributeCodes ?? null, tagLimit).execute(db))
    .rows
  return toFacets(rows, scope, empty)
}

/** The `search` argument joins the filter's own search, if any: both must match. */
function withSearch(filter: ProductFilter, search: string | null | undefined): ProductFilter {
  if (search == null) return filter
  return filter.search == null ? { ...filter, search } : { ...filter, and: [...(filter.and ?? []), { search }] }
}

/**
 * Refuses what the facet statement refuses, at the filter's own path: the whole filter is built for
 * its refusals alone, so a bad entry is named where it stands (`filter.attributes.3`), as in the
 * list, whatever the facets split it into.
 */
export function checkFacetFilter(db: ProductDb, filter: ProductFilter, scope: FilterScope): void {
  void db.selectFrom('products').where((eb) => combineFilter(eb, filter, withCatalog(scope)))
}

/** A top-level condition that one facet leaves out: its own choice. */
type Part = 'status' | 'tags' | 'price' | 'category' | `attribute:${string}`

function facetStatement(
  db: ProductDb,
  storeId: string,
  filter: ProductFilter,
  scope: FilterScope,
  codes: readonly string[] | null,
  tagLimit: number,
): RawBuilder<FacetRow> {
  const own = withCatalog(scope)
  checkFacetFilter(db, filter, scope)
  const filteredCodes = [...new Set((filter.attributes ?? []).map((a) => a.code))]
  const parts = new Map<Part, ProductFilter>()
  if (filter.status != null) parts.set('status', { status: filter.status })
  if (filter.tags != null) parts.set('tags', { tags: filter.tags })
  if (filter.price != null) parts.set('price', { price: filter.price })
  if (filter.category != null) parts.set('category', { category: filter.category })
  for (const code of filteredCodes)
    parts.set(`attribute:${code}`, { attributes: filter.attributes!.filter((a) => a.code === code) })
  const flags = new Map([...parts.keys()].map((part, i) => [part, sql.ref(`f.k${i}`)]))

  // The store's products under every condition no facet leaves out, computed once, with one flag
  // per condition a facet does leave out: each facet then counts the rows whose other flags hold,
  // instead of filtering the catalog again (7 times over, 10,000 products: 1.5 s a call).
  const rest: ProductFilter = { ...filter, status: null, tags: null, price: null, category: null, attributes: null }
  const base = db
    .selectFrom('products')
    .where('store_id', '=', storeId)
    .where((eb) => combineFilter(eb, rest, own))
    .select((eb) => [
      'id',
      'status',
      'tags',
      'price_min',
      'price_max',
      ...[...parts.values()].map((part, i) => sql<boolean>`${combineFilter(eb, part, own)}`.as(`k${i}`)),
    ])
  /** The rows under the whole filter but `except`'s own condition. */
  const under = (except?: Part) => {
    const held = [...flags].filter(([part]) => part !== except).map(([, flag]) => flag)
    return held.length ? sql.join(held, sql` and `) : sql`true`
  }
  const ids = (except?: Part) => sql`select f.id from f where ${under(except)}`
  const wanted = codes === null ? sql`true` : sql`v.code = any(${[...codes]}::text[])`

  const attributeBranch = (except: Part | undefined, which: RawBuilder<unknown>) => sql`(
    select 'attribute' as facet, v.code as key, coalesce(v.value_text, v.value_number::text, v.value_boolean::text, v.value_date::text) as value, null as extra, count(distinct v.product_id) as count
    from product_attribute_values v
    join attributes a on a.store_id = v.store_id and a.id = v.attribute_id and a.filterable
    where v.store_id = ${storeId} and ${which} and ${wanted} and v.product_id in (${ids(except)})
    group by v.code, 3)`

  const branches = [
    sql`(select 'total' as facet, null as key, null as value, null as extra, count(*) as count from f where ${under()})`,
    sql`(select 'status', null, f.status, null, count(*) from f where ${under('status')} group by f.status)`,
    sql`(select 'tag', null, t.tag, null, count(*) from f cross join unnest(f.tags) as t(tag) where ${under('tags')}
      group by t.tag order by count(*) desc, t.tag limit ${tagLimit})`,
    sql`(select 'price', null, min(f.price_min)::text, max(f.price_max)::text, count(*) from f where ${under('price')})`,
    // A product counts once for its category and once for each category above it.
    sql`(select 'category', x.category_id::text, k.title, k.path, count(distinct cp.product_id)
      from category_products cp
      join categories c on c.store_id = cp.store_id and c.id = cp.category_id
      cross join unnest(c.ancestor_ids || c.id) as x(category_id)
      join categories k on k.store_id = cp.store_id and k.id = x.category_id
      where cp.store_id = ${storeId} and cp.product_id in (${ids('category')})
      group by x.category_id, k.title, k.path)`,
    attributeBranch(undefined, filteredCodes.length ? sql`v.code <> all(${filteredCodes}::text[])` : sql`true`),
    ...filteredCodes.map((code) => attributeBranch(`attribute:${code}`, sql`v.code = ${code}`)),
  ]
  // With no condition at all, each branch scanning the store's rows itself is cheaper than
  // keeping all of them aside first (10,000 products: ~550 against ~750 ms, measured).
  const unfiltered = parts.size === 0 && Object.values(rest).every((value) => value == null)
  const kept = unfiltered ? sql`not materialized` : sql`materialized`
  return sql<FacetRow>`with f as ${kept} (${base}) ${sql.join(branches, sql` union all `)}`
}

function toFacets(rows: FacetRow[], scope: FilterScope, empty: ProductFacets): ProductFacets {
  const facets: ProductFacets = { ...empty, status: [], tags: [], categories: [] }
  const byCount = (a: FacetValueCount, b: FacetValueCount) =>
    b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)
  const attributes = new Map<string, FacetValueCount[]>()
  for (const row of rows) {
    const count = Number(row.count)
    if (row.facet === 'total') facets.totalCount = count
    else if (row.facet === 'status') facets.status.push({ value: row.value!, count })
    else if (row.facet === 'tag') facets.tags.push({ value: row.value!, count })
    else if (row.facet === 'category')
      facets.categories.push({ categoryId: row.key!, title: row.value!, path: row.extra!, count })
    else if (row.facet === 'attribute')
      attributes.set(row.key!, [...(attributes.get(row.key!) ?? []), { value: row.value!, count }])
    else if (row.facet === 'price') {
      const money = (minor: string | null): Money | null =>
        minor === null ? null : { amount: fromMinorUnits(Number(minor), scope.currency), currencyCode: scope.currency }
      facets.price = { min: money(row.value), max: money(row.extra) }
    }
  }
  facets.status.sort(byCount)
  facets.tags.sort(byCount)
  facets.attributes = [...attributes]
    .map(([code, values]) => ({ code, values: values.sort(byCount) }))
    .sort((a, b) => (a.code < b.code ? -1 : 1))
  facets.categories.sort((a, b) => b.count - a.count || (a.path < b.path ? -1 : 1))
  return facets
}
