import type { ShopperFacets } from '../../../projections/catalog/product/facet-index/facets.js'
import type { ProductFilter, ProductSort } from '../../../projections/catalog/product/queries.js'
import { SHOPPER_VISIBLE_STATUSES } from '../../../projections/catalog/product/visibility.js'
import { textProblem } from '../../../domain/shared/boundary.js'
import { escapeHtml } from '../liquid/escape.js'

// Collection and search pages filter and sort by their query string, in Shopify's parameter
// names so themes carry over: `filter.p.tag`, `filter.p.vendor`, `filter.v.price.gte|lte`,
// `filter.v.availability`, `filter.p.m.custom.<attribute code>`, and `sort_by`. A value that
// does not parse is ignored, as Shopify ignores it: a shopper's URL never fails the page. In catalog
// mode (commerce off) prices are hidden, so neither the filters nor the sorting read them: a
// shopper could otherwise learn a price by narrowing the range around it.

const DECIMAL = /^\d{1,12}(\.\d{1,4})?$/
const MAX_VALUES = 20
const ATTRIBUTE_PARAM = /^filter\.p\.m\.custom\.([a-z0-9_]{1,64})$/

/** Shopify's sort_by values and the product sort each maps to; `manual` is the collection's own order. */
export const SORT_OPTIONS: readonly { value: string; name: string; sort: ProductSort | null }[] = [
  { value: 'manual', name: 'Featured', sort: null },
  { value: 'title-ascending', name: 'Alphabetically, A-Z', sort: 'TITLE_ASC' },
  { value: 'title-descending', name: 'Alphabetically, Z-A', sort: 'TITLE_DESC' },
  { value: 'price-ascending', name: 'Price, low to high', sort: 'PRICE_ASC' },
  { value: 'price-descending', name: 'Price, high to low', sort: 'PRICE_DESC' },
  { value: 'created-ascending', name: 'Date, old to new', sort: 'CREATED_AT_ASC' },
  { value: 'created-descending', name: 'Date, new to old', sort: 'CREATED_AT_DESC' },
]

const PRICE_SORTS: readonly (ProductSort | null)[] = ['PRICE_ASC', 'PRICE_DESC']

/** The sorts a shopper may choose: without the price ones in catalog mode. */
export function sortOptions(commerce: boolean): typeof SORT_OPTIONS {
  return commerce ? SORT_OPTIONS : SORT_OPTIONS.filter((option) => !PRICE_SORTS.includes(option.sort))
}

/** The `sort_by` in effect: the query's when it is one of the sort options, else `fallback`. */
export function sortByOf(
  query: URLSearchParams,
  fallback: string,
  commerce: boolean,
): { value: string; sort: ProductSort | null } {
  const wanted = query.get('sort_by')
  const option =
    sortOptions(commerce).find((o) => o.value === wanted) ?? SORT_OPTIONS.find((o) => o.value === fallback)!
  return { value: option.value, sort: option.sort }
}

/** A price bound of the query string when it is an amount, else null: anything else is neither applied nor shown back. */
function decimalOf(query: URLSearchParams, name: string): string | null {
  const value = query.get(name)
  return value !== null && DECIMAL.test(value) ? value : null
}

/** A value no product can hold (over-long, or text Postgres cannot store such as a NUL) matches nothing: it is dropped. */
const values = (query: URLSearchParams, name: string) =>
  [...new Set(query.getAll(name).filter((v) => v !== '' && v.length <= 255 && textProblem(v) === undefined))].slice(
    0,
    MAX_VALUES,
  )

/**
 * The product filter a shopper's query string asks for, always narrowed to what shoppers may
 * see. The conditions sit at the top level so each facet is counted without its own choice.
 */
export function shopperFilter(query: URLSearchParams, commerce: boolean, base: ProductFilter = {}): ProductFilter {
  const filter: ProductFilter = { ...base, status: SHOPPER_VISIBLE_STATUSES }
  const tags = values(query, 'filter.p.tag')
  if (tags.length) filter.tags = { any: tags }
  const vendors = values(query, 'filter.p.vendor')
  if (vendors.length) filter.vendor = { in: vendors }
  const price = {
    min: commerce ? decimalOf(query, 'filter.v.price.gte') : null,
    max: commerce ? decimalOf(query, 'filter.v.price.lte') : null,
  }
  if (price.min || price.max) filter.price = price
  const availability = query.get('filter.v.availability')
  if (availability === '1') filter.inventory = { min: 1 }
  else if (availability === '0') filter.inventory = { max: 0 }
  const attributes = [...new Set(query.keys())].flatMap((key) => {
    const code = ATTRIBUTE_PARAM.exec(key)?.[1]
    const chosen = code ? values(query, key) : []
    return code && chosen.length ? [{ code, in: chosen }] : []
  })
  if (attributes.length) filter.attributes = attributes.slice(0, MAX_VALUES)
  return filter
}

/** One value of a storefront filter, as Shopify's `filter_value`. */
export interface FilterValueObject {
  label: string
  value: string
  count: number
  active: boolean
  param_name: string
  url_to_add: string
  url_to_remove: string
}

/** Shopify's `filter` object: a list of values, or a price range. */
export interface FilterObject {
  label: string
  param_name: string
  type: 'list' | 'price_range'
  values: FilterValueObject[]
  active_values: FilterValueObject[]
  url_to_remove: string
  min_value?: { param_name: string; value: string | null }
  max_value?: { param_name: string; value: string | null }
  range_max?: string | null
}

/**
 * The `filters` of a collection or search page from the facet counts, with add/remove URLs that
 * keep the rest of the query; no price range in catalog mode.
 */
export function filterObjects(
  path: string,
  query: URLSearchParams,
  facets: ShopperFacets,
  commerce: boolean,
): FilterObject[] {
  const urlWith = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(query)
    params.delete('page')
    change(params)
    const search = params.toString()
    return search ? `${path}?${search}` : path
  }
  const list = (label: string, param: string, counts: { value: string; count: number }[]): FilterObject => {
    const chosen = new Set(query.getAll(param))
    const entries = counts.map((entry): FilterValueObject => ({
      label: escapeHtml(entry.value),
      value: escapeHtml(entry.value),
      count: entry.count,
      active: chosen.has(entry.value),
      param_name: param,
      url_to_add: urlWith((p) => p.append(param, entry.value)),
      url_to_remove: urlWith((p) => {
        const rest = p.getAll(param).filter((v) => v !== entry.value)
        p.delete(param)
        for (const v of rest) p.append(param, v)
      }),
    }))
    return {
      label,
      param_name: param,
      type: 'list',
      values: entries,
      active_values: entries.filter((entry) => entry.active),
      url_to_remove: urlWith((p) => p.delete(param)),
    }
  }
  const filters = [list('Tags', 'filter.p.tag', facets.tags)]
  for (const attribute of facets.attributes)
    filters.push(list(escapeHtml(attribute.code), `filter.p.m.custom.${attribute.code}`, attribute.values))
  if (commerce)
    filters.push({
      label: 'Price',
      param_name: 'filter.v.price',
      type: 'price_range',
      values: [],
      active_values: [],
      url_to_remove: urlWith((p) => {
        p.delete('filter.v.price.gte')
        p.delete('filter.v.price.lte')
      }),
      min_value: { param_name: 'filter.v.price.gte', value: decimalOf(query, 'filter.v.price.gte') },
      max_value: { param_name: 'filter.v.price.lte', value: decimalOf(query, 'filter.v.price.lte') },
      range_max: facets.price.max?.amount ?? null,
    })
  return filters.filter((f) => f.type === 'price_range' || f.values.length > 0)
}
