import { parentPort } from 'node:worker_threads'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'

/** A floor's pool. JIT off, as the server's own sessions have it (infra/database/database.ts): the same SQL, the same settings. */
export function floorPool(databaseUrl: string, poolSize: number): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c jit=off' })
}

/**
 * Serves a floor worker's `app` on a free port of 127.0.0.1 and tells `startFloor` its URL; on
 * the bench's 'close' message it closes the app and the pool, then says so.
 */
export async function serveFloor(app: FastifyInstance, pool: pg.Pool): Promise<void> {
  parentPort!.on('message', (message: unknown) => {
    if (message !== 'close') return
    void app
      .close()
      .then(() => pool.end())
      .finally(() => parentPort!.postMessage({ closed: true }))
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  parentPort!.postMessage({ url: address })
}
