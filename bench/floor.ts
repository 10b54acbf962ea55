import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import type { FloorOptions } from './floor-worker.js'

export interface FloorServer {
  /** GET this URL for the list. */
  url: string
  stop(): Promise<void>
}

/** Starts the floor server in a worker thread of the bench process. */
export function startFloor(options: FloorOptions): Promise<FloorServer> {
  return startFloorWorker(new URL('./floor-worker.js', import.meta.url), options, '/products')
}

/**
 * Starts a floor worker (a module that ends in `serveFloor`) in a worker thread of the bench
 * process, with `options` as its workerData; its answer is at `route`.
 */
export async function startFloorWorker(module: URL, options: object, route: string): Promise<FloorServer> {
  const worker = new Worker(module, { workerData: options })
  const [message] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error as Error)),
  ])) as [{ url: string }]
  let stopped = false
  return {
    url: `${message.url}${route}`,
    async stop() {
      if (stopped) return
      stopped = true
      worker.postMessage('close')
      // A pool that cannot end (the database is already gone) must not hold the bench open.
      await Promise.race([once(worker, 'message'), new Promise((resolve) => setTimeout(resolve, 3_000))])
      await worker.terminate()
    },
  }
}
