import { fromMinorUnits, toMinorUnits } from '../../../../domain/catalog/product/money.js'
import { isUuid } from '../../../../domain/shared/ids.js'
import { DEFAULT_TAG_LIMIT, type FacetValueCount, type Money, type ProductFacets } from '../facets.js'
import type { AttributeFilter } from '../../../../domain/catalog/product/list.js'
import type { ProductFilter } from '../queries.js'
import { SHOPPER_VISIBLE_STATUSES } from '../visibility.js'
import { Bitset } from './bitset.js'
import type { FacetIndex } from './load.js'

/** What a storefront shows of the facets: the counts a shopper filters by. */
export type ShopperFacets = Pick<ProductFacets, 'totalCount' | 'tags' | 'attributes' | 'price'>

/** The top-level fields an index answers; any other field given sends the filter to SQL. */
const ANSWERED = new Set(['status', 'tags', 'vendor', 'price', 'attributes', 'category', 'collectionId'])

/** A top-level condition that one facet leaves out, as `productFacets` splits the filter. */
type Part = 'tags' | 'price' | 'category' | `attribute:${string}`

interface Plan {
  /** The products under every condition no facet leaves out. */
  rest: Bitset
  parts: Map<Part, Bitset>
}

/**
 * The facets `productFacets` counts for a shopper's filter, from the index instead of SQL: the same
 * numbers in the same order (the index tests compare both). Null when the filter has a field the
 * index does not hold (search, inventory, and/or, …): the caller asks SQL then.
 *
 * @example indexFacets(index, { status: ['ACTIVE'], price: { min: '20', max: '60' } })
 */
export function indexFacets(
  index: FacetIndex,
  filter: ProductFilter,
  tagLimit = DEFAULT_TAG_LIMIT,
): ShopperFacets | null {
  const plan = planOf(index, filter)
  if (!plan) return null
  const under = (except?: Part) => {
    const set = plan.rest.copy()
    for (const [part, products] of plan.parts) if (part !== except) set.and(products)
    return set
  }
  const every = under()
  return {
    totalCount: every.count(),
    tags: tagCounts(index, under('tags'), tagLimit),
    attributes: [...index.attributes]
      .map(([code, values]) => {
        const own: Part = `attribute:${code}`
        const base = plan.parts.has(own) ? under(own) : every
        const counts = [...values]
          .map(([value, { products }]) => ({ value, count: base.countAnd(products) }))
          .filter((entry) => entry.count > 0)
        return { code, values: counts.sort(byCount) }
      })
      .filter((attribute) => attribute.values.length > 0)
      .sort((a, b) => (a.code < b.code ? -1 : 1)),
    price: priceRange(index, under('price')),
  }
}

/** The products a shopper's filter matches, or null when the index cannot tell (see `indexFacets`). */
export function indexMatches(index: FacetIndex, filter: ProductFilter): Bitset | null {
  const plan = planOf(index, filter)
  if (!plan) return null
  const set = plan.rest.copy()
  for (const products of plan.parts.values()) set.and(products)
  return set
}

function planOf(index: FacetIndex, filter: ProductFilter): Plan | null {
  for (const [field, value] of Object.entries(filter)) if (value != null && !ANSWERED.has(field)) return null
  // The index holds only what shoppers may see: the filter must ask for exactly that.
  const status = new Set(filter.status ?? [])
  if (status.size !== SHOPPER_VISIBLE_STATUSES.length || SHOPPER_VISIBLE_STATUSES.some((s) => !status.has(s)))
    return null
  const rest = index.all.copy()
  if (filter.vendor) {
    const { eq, in: within, contains, startsWith } = filter.vendor
    if (contains != null || startsWith != null) return null
    if (eq != null) rest.and(index.vendors.get(eq) ?? new Bitset(index.size))
    if (within != null)
      rest.and(
        unionOf(
          index,
          within.map((v) => index.vendors.get(v)),
        ),
      )
  }
  if (filter.collectionId != null) {
    const id = filter.collectionId.toLowerCase()
    rest.and((isUuid(id) && index.collections.get(id)) || new Bitset(index.size))
  }
  const parts = new Map<Part, Bitset>()
  if (filter.tags != null) parts.set('tags', tagSet(index, filter.tags))
  if (filter.price != null) parts.set('price', priceSet(index, filter.price))
  if (filter.category != null) parts.set('category', categorySet(index, filter.category))
  for (const attribute of filter.attributes ?? []) {
    const set = attributeSet(index, attribute)
    if (!set) return null
    const part: Part = `attribute:${attribute.code}`
    parts.set(part, parts.get(part)?.and(set) ?? set)
  }
  return { rest, parts }
}

function unionOf(index: FacetIndex, sets: readonly (Bitset | undefined)[]): Bitset {
  const union = new Bitset(index.size)
  for (const set of sets) if (set) union.or(set)
  return union
}

function tagSet(index: FacetIndex, filter: NonNullable<ProductFilter['tags']>): Bitset {
  const { any, all } = filter
  const set = index.all.copy()
  if (any != null)
    set.and(
      unionOf(
        index,
        any.map((tag) => index.tags.get(tag)),
      ),
    )
  for (const tag of all ?? []) set.and(index.tags.get(tag) ?? new Bitset(index.size))
  return set
}

/** A product matches when its span of variant prices overlaps the range (filters.ts, priceConditions). */
function priceSet(index: FacetIndex, range: NonNullable<ProductFilter['price']>): Bitset {
  const min = range.min == null ? null : toMinorUnits(range.min, index.currency, ['filter', 'price', 'min'])
  const max = range.max == null ? null : toMinorUnits(range.max, index.currency, ['filter', 'price', 'max'])
  const set = new Bitset(index.size)
  for (let i = 0; i < index.size; i++) {
    // NaN (no price) fails both comparisons, as NULL does in SQL.
    if ((min === null || index.priceMax[i]! >= min) && (max === null || index.priceMin[i]! <= max)) set.add(i)
  }
  return set
}

function categorySet(index: FacetIndex, filter: NonNullable<ProductFilter['category']>): Bitset {
  const id = filter.id.toLowerCase()
  if (!isUuid(id)) return new Bitset(index.size)
  if (filter.includeDescendants === false) return index.categories.get(id)?.copy() ?? new Bitset(index.size)
  const subtree = [...index.ancestors].filter(([category, above]) => category === id || above.includes(id))
  return unionOf(
    index,
    subtree.map(([category]) => index.categories.get(category)),
  )
}

/** `in` on a filterable attribute; null for what the index does not hold (`eq`, `range`, another attribute). */
function attributeSet(index: FacetIndex, filter: AttributeFilter): Bitset | null {
  if (filter.eq != null || filter.range != null || filter.in == null || !index.filterable.has(filter.code)) return null
  const values = index.attributes.get(filter.code)
  return unionOf(
    index,
    filter.in.map((value) => values?.get(value)?.text),
  )
}

const byCount = (a: FacetValueCount, b: FacetValueCount) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)

/** The `tagLimit` most frequent tags, ties in the database's order as SQL picks them, then as `productFacets` sorts them. */
function tagCounts(index: FacetIndex, base: Bitset, tagLimit: number): FacetValueCount[] {
  const counts = [...index.tags]
    .map(([value, products]) => ({ value, count: base.countAnd(products) }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || index.tagRank.get(a.value)! - index.tagRank.get(b.value)!)
  return counts.slice(0, tagLimit).sort(byCount)
}

function priceRange(index: FacetIndex, base: Bitset): ShopperFacets['price'] {
  let min = Infinity
  let max = -Infinity
  for (const i of base) {
    if (index.priceMin[i]! < min) min = index.priceMin[i]!
    if (index.priceMax[i]! > max) max = index.priceMax[i]!
  }
  const money = (minor: number): Money | null =>
    Number.isFinite(minor) ? { amount: fromMinorUnits(minor, index.currency), currencyCode: index.currency } : null
  return { min: money(min), max: money(max) }
}
