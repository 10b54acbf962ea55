import { workerData } from 'node:worker_threads'
import Fastify from 'fastify'
import { floorPool, serveFloor } from './floor-serve.js'

/**
 * The floor: the cheapest server that can answer the list query, a bare fastify route over one
 * pg pool with no GraphQL, auth or count. It runs in a worker thread so it has an event loop of
 * its own, as the real server does, instead of sharing one with the load generator.
 */
export interface FloorOptions {
  databaseUrl: string
  storeId: string
  poolSize: number
}

interface ProductListRow {
  id: string
  title: string
  handle: string
  status: string
  vendor: string
  tags: string[]
  created_at: Date
  updated_at: Date
}

const LIST_SQL = `
  select id, title, handle, status, vendor, tags, created_at, updated_at
  from products
  where store_id = $1
  order by created_at desc, id desc
  limit 20`

const options = workerData as FloorOptions
const pool = floorPool(options.databaseUrl, options.poolSize)
const app = Fastify({ logger: false })

app.get('/products', async () => {
  // Unnamed, as kysely sends its queries: a named prepared statement would make the floor
  // cheaper for a reason the server cannot share.
  const { rows } = await pool.query<ProductListRow>(LIST_SQL, [options.storeId])
  // The same JSON document the GraphQL list answers, so both send the same bytes.
  const nodes = rows.map((row) => ({
    id: row.id,
    title: row.title,
    handle: row.handle,
    status: row.status,
    vendor: row.vendor,
    tags: row.tags,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }))
  return { data: { products: { nodes } } }
})

await serveFloor(app, pool)
