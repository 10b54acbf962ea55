import type { ProductSort } from '../queries.js'
import type { Bitset } from './bitset.js'
import { INDEXED_SORTS, type FacetIndex, type IndexedSort } from './load.js'

/** Chooses a page of a list: the ids of its rows `offset`…`offset + limit - 1`, in the list's order. */
export type PageChooser = (offset: number, limit: number) => string[]

/**
 * The products of `matches` (a filter's set, `indexMatches`) in the order of `sort`, a page at a
 * time: what `ORDER BY <column>, id … OFFSET … LIMIT` picks, without SQL reading the whole filtered
 * list to find the page. Null for a sort whose order the index does not hold (SQL picks then).
 *
 * @example indexPageChooser(index, matches, 'CREATED_AT_DESC')?.(24, 25) // ids of page 2, and one more
 */
export function indexPageChooser(index: FacetIndex, matches: Bitset, sort: ProductSort): PageChooser | null {
  const [, column, direction] = /^(.+)_(ASC|DESC)$/.exec(sort) ?? []
  if (!INDEXED_SORTS.includes(column as IndexedSort)) return null
  const order = index.orders[column as IndexedSort]
  const descending = direction === 'DESC'
  return (offset, limit) => {
    const ids: string[] = []
    let skipped = 0
    for (let step = 0; step < order.length && ids.length < limit; step++) {
      const ordinal = order[descending ? order.length - 1 - step : step]!
      if (!matches.has(ordinal)) continue
      if (skipped < offset) skipped++
      else ids.push(index.ids[ordinal]!)
    }
    return ids
  }
}
