import { workerData } from 'node:worker_threads'
import Fastify from 'fastify'
import { floorPool, serveFloor } from '../floor-serve.js'
import { COLORS_WANTED, FLOOR_FACETS_SQL, FLOOR_LIST_SQL, PRICE_MAX_MINOR, PRICE_MIN_MINOR } from './queries.js'

/**
 * The catalog floor: the filtered list and its facet counts straight from SQL over the same rows,
 * on a bare fastify route and one pg pool, answering the document GraphQL answers. In a worker
 * thread, so it has an event loop of its own as the server does.
 */
export interface CatalogFloorOptions {
  databaseUrl: string
  storeId: string
  categoryId: string
  poolSize: number
}

interface FacetRow {
  facet: string
  key: string | null
  value: string | null
  extra: string | null
  count: string
}

interface Count {
  value: string
  count: number
}

const options = workerData as CatalogFloorOptions
const pool = floorPool(options.databaseUrl, options.poolSize)
const params = [options.storeId, options.categoryId, PRICE_MIN_MINOR, PRICE_MAX_MINOR, COLORS_WANTED]
const app = Fastify({ logger: false })

const byCount = (a: Count, b: Count) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)
const money = (minor: string | null) => (minor === null ? null : { amount: (Number(minor) / 100).toFixed(2) })

app.get('/catalog', async () => {
  const [list, facets] = await Promise.all([
    pool.query(FLOOR_LIST_SQL, params),
    pool.query<FacetRow>(FLOOR_FACETS_SQL, params),
  ])
  let totalCount = 0
  const status: Count[] = []
  const tags: Count[] = []
  const categories: { categoryId: string; count: number; path: string }[] = []
  const attributes = new Map<string, Count[]>()
  let price: { min: { amount: string } | null; max: { amount: string } | null } = { min: null, max: null }
  for (const row of facets.rows) {
    const count = Number(row.count)
    if (row.facet === 'total') totalCount = count
    else if (row.facet === 'status') status.push({ value: row.value!, count })
    else if (row.facet === 'tag') tags.push({ value: row.value!, count })
    else if (row.facet === 'category') categories.push({ categoryId: row.key!, count, path: row.extra! })
    else if (row.facet === 'attribute')
      attributes.set(row.key!, [...(attributes.get(row.key!) ?? []), { value: row.value!, count }])
    else if (row.facet === 'price') price = { min: money(row.value), max: money(row.extra) }
  }
  categories.sort((a, b) => b.count - a.count || (a.path < b.path ? -1 : 1))
  return {
    data: {
      products: { nodes: list.rows, totalCount },
      productFacets: {
        totalCount,
        status: status.sort(byCount),
        tags: tags.sort(byCount),
        categories: categories.map(({ categoryId, count }) => ({ categoryId, count })),
        attributes: [...attributes]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([code, values]) => ({ code, values: values.sort(byCount) })),
        price,
      },
    },
  }
})

await serveFloor(app, pool)
