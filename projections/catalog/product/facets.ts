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
 * Facet counts of a filtered product list in one statement (a UNION ALL of GROUP BYs).
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
  const rows = (
    await sql<FacetRow>`${sql.join(branches(db, storeId, filter, scope, args.attributeCodes ?? null, tagLimit), sql` union all `)}`.execute(
      db,
    )
  ).rows
  return toFacets(rows, scope, empty)
}

/** The `search` argument joins the filter's own search, if any: both must match. */
function withSearch(filter: ProductFilter, search: string | null | undefined): ProductFilter {
  if (search == null) return filter
  return filter.search == null ? { ...filter, search } : { ...filter, and: [...(filter.and ?? []), { search }] }
}

function branches(
  db: ProductDb,
  storeId: string,
  filter: ProductFilter,
  scope: FilterScope,
  codes: readonly string[] | null,
  tagLimit: number,
): RawBuilder<unknown>[] {
  /** The store's products that `f` selects, with the given columns: a subquery each branch groups. */
  const matching = (f: ProductFilter) =>
    db
      .selectFrom('products')
      .where('store_id', '=', storeId)
      .where((eb) => combineFilter(eb, f, withCatalog(scope)))
  const ids = (f: ProductFilter) => matching(f).select('id')
  const filteredCodes = [...new Set((filter.attributes ?? []).map((a) => a.code))]
  const wanted = codes === null ? sql`true` : sql`v.code = any(${[...codes]}::text[])`

  const attributeBranch = (f: ProductFilter, which: RawBuilder<unknown>) => sql`(
    select 'attribute' as facet, v.code as key, coalesce(v.value_text, v.value_number::text, v.value_boolean::text, v.value_date::text) as value, null as extra, count(distinct v.product_id) as count
    from product_attribute_values v
    join attributes a on a.store_id = v.store_id and a.id = v.attribute_id and a.filterable
    where v.store_id = ${storeId} and ${which} and ${wanted} and v.product_id in (${ids(f)})
    group by v.code, 3)`

  return [
    sql`(select 'total' as facet, null as key, null as value, null as extra, count(*) as count from (${ids(filter)}) f)`,
    sql`(select 'status', null, f.status, null, count(*) from (${matching({ ...filter, status: null }).select('status')}) f group by f.status)`,
    sql`(select 'tag', null, t.tag, null, count(*) from (${matching({ ...filter, tags: null }).select('tags')}) f cross join unnest(f.tags) as t(tag)
      group by t.tag order by count(*) desc, t.tag limit ${tagLimit})`,
    sql`(select 'price', null, min(f.price_min)::text, max(f.price_max)::text, count(*) from (${matching({ ...filter, price: null }).select(['price_min', 'price_max'])}) f)`,
    // A product counts once for its category and once for each category above it.
    sql`(select 'category', x.category_id::text, k.title, k.path, count(distinct cp.product_id)
      from category_products cp
      join categories c on c.store_id = cp.store_id and c.id = cp.category_id
      cross join unnest(c.ancestor_ids || c.id) as x(category_id)
      join categories k on k.store_id = cp.store_id and k.id = x.category_id
      where cp.store_id = ${storeId} and cp.product_id in (${ids({ ...filter, category: null })})
      group by x.category_id, k.title, k.path)`,
    attributeBranch(filter, filteredCodes.length ? sql`v.code <> all(${filteredCodes}::text[])` : sql`true`),
    ...filteredCodes.map((code) =>
      attributeBranch(
        { ...filter, attributes: filter.attributes!.filter((a) => a.code !== code) },
        sql`v.code = ${code}`,
      ),
    ),
  ]
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
