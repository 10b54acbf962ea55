/**
 * A soak of `emporium serve`: clients send mixed reads, writes and image uploads for a while,
 * and the server's resident memory, heap (after a forced GC) and open handles are sampled from
 * inside the process. Flat means the later half of the run holds no more than the earlier half,
 * within a tolerance: growth that keeps pace with the requests served is a leak. The short form
 * runs in the suite (`soak.e2e.test.ts`), the long one is `npm run soak`.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { image, multipartBody } from '../support/media.js'
import { createTenantIn } from './support/fault-app.js'
import { openFaultDatabase } from './support/fault-database.js'
import { startServerProcess, type ResourceProbe, type ServerProcess } from './support/server-process.js'

export interface SoakOptions {
  durationMs: number
  sampleEveryMs: number
  clients?: number
  log?: (line: string) => void
}

export interface Sample extends ResourceProbe {
  atMs: number
  /** Open file descriptors of the process (`/proc/<pid>/fd`), sockets and files alike. */
  fds: number
}

export interface Figures {
  rss: number
  heapUsed: number
  handles: number
  fds: number
}

export interface SoakReport {
  durationMs: number
  requests: Record<'read' | 'write' | 'upload', number>
  /** Answers that were not a success, by HTTP status and code: none expected. */
  failures: Record<string, number>
  samples: Sample[]
  /** Means of the first and second half of the samples taken after the warm-up (the first fifth of the run). */
  earlier: Figures
  later: Figures
}

const READ_LIST = '{ products(first: 20) { nodes { id title } totalCount } }'
const READ_ONE = 'query ($id: ID) { product(id: $id) { id title handle status } }'
const CREATE = 'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } } }'
const UPDATE = 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }'
const UPLOAD = 'mutation ($input: MediaCreateInput!) { mediaCreate(input: $input) { media { id } } }'

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined)
  const fault = await openFaultDatabase()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'emporium-soak-'))
  let server: ServerProcess | undefined
  try {
    server = await startServerProcess({ DATABASE_URL: fault.url, DATA_DIR: dataDir }, { probe: true })
    const { apiKey } = await createTenantIn(fault.url, 'soak')
    const images = await Promise.all(
      Array.from({ length: 8 }, (_, i) => image(64, 64, 'png', `#${(0x204060 + i * 0x101010).toString(16)}`)),
    )
    const requests = { read: 0, write: 0, upload: 0 }
    const failures: Record<string, number> = {}
    const productIds: string[] = []
    const call = async (
      kind: keyof typeof requests,
      body: { payload: string | Buffer; contentType: string },
    ): Promise<Record<string, unknown> | null> => {
      requests[kind]++
      const response = await fetch(`${server!.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': body.contentType, authorization: `Bearer ${apiKey}` },
        body: body.payload,
      })
      const json = (await response.json()) as {
        data?: Record<string, unknown>
        errors?: { extensions?: { code?: string } }[]
      }
      if (response.status !== 200 || json.errors) {
        const key = `${response.status} ${json.errors?.[0]?.extensions?.code ?? ''}`
        failures[key] = (failures[key] ?? 0) + 1
        return null
      }
      return json.data ?? null
    }
    const graphql = (query: string, variables: Record<string, unknown> = {}) => ({
      payload: JSON.stringify({ query, variables }),
      contentType: 'application/json',
    })

    let running = true
    let sequence = 0
    const client = async () => {
      while (running) {
        const roll = Math.random()
        const n = ++sequence
        if (roll < 0.6) {
          const id = productIds[n % Math.max(1, productIds.length)]
          await call('read', id && roll < 0.3 ? graphql(READ_ONE, { id }) : graphql(READ_LIST))
        } else if (roll < 0.9) {
          const id = productIds[n % Math.max(1, productIds.length)]
          if (id && roll < 0.75) await call('write', graphql(UPDATE, { input: { id, title: `soak ${n}` } }))
          else {
            const data = (await call('write', graphql(CREATE, { input: { title: `soak ${n}` } }))) as {
              productCreate?: { product?: { id: string } }
            } | null
            // A bounded working set: updates and reads go to these, the table keeps growing as a store's would.
            if (data?.productCreate?.product && productIds.length < 200) productIds.push(data.productCreate.product.id)
          }
        } else {
          const operations = JSON.stringify({ query: UPLOAD, variables: { input: { file: null, alt: `soak ${n}` } } })
          const body = multipartBody({ operations, map: JSON.stringify({ 0: ['variables.input.file'] }) }, [
            { name: '0', filename: `soak-${n}.png`, contentType: 'image/png', data: images[n % images.length]! },
          ])
          await call('upload', body)
        }
      }
    }

    const started = Date.now()
    const clients = Array.from({ length: options.clients ?? 4 }, () =>
      client().catch((error: unknown) => {
        const key = `client stopped: ${String(error)}`
        failures[key] = (failures[key] ?? 0) + 1
      }),
    )
    const samples: Sample[] = []
    while (Date.now() - started < options.durationMs) {
      await sleep(options.sampleEveryMs)
      const probe = await server.probe()
      const sample = { ...probe, fds: (await readdir(`/proc/${server.pid}/fd`)).length, atMs: Date.now() - started }
      samples.push(sample)
      log(
        `${(sample.atMs / 1000).toFixed(0)} s: rss ${mb(sample.rss)}, heap ${mb(sample.heapUsed)}, handles ${sample.handles}, fds ${sample.fds}, requests ${JSON.stringify(requests)}`,
      )
    }
    running = false
    await Promise.all(clients)

    const measured = samples.filter((s) => s.atMs >= options.durationMs / 5)
    const half = Math.floor(measured.length / 2)
    return {
      durationMs: Date.now() - started,
      requests,
      failures,
      samples,
      earlier: means(measured.slice(0, half)),
      later: means(measured.slice(half)),
    }
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = server.exited
      server.child.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
    await fault.drop()
  }
}

const MB = 1024 * 1024
/**
 * How much the later half may exceed the earlier: a share plus a constant, so noise on small
 * figures passes. Handles and descriptors may grow by the database pool's size (20 by default):
 * the pool opens connections lazily, whenever a burst needs one more, at any point of the run;
 * a leak grows with the requests served and passes that within seconds.
 */
export const TOLERANCE = {
  heapUsed: { share: 0.25, plus: 10 * MB },
  rss: { share: 0.25, plus: 30 * MB },
  handles: { share: 0, plus: 30 },
  fds: { share: 0, plus: 30 },
}

/** The figures that grew beyond the tolerance from the earlier half to the later (empty when flat). */
export function growthBeyondTolerance({ earlier, later }: Pick<SoakReport, 'earlier' | 'later'>): string[] {
  return (Object.keys(TOLERANCE) as (keyof Figures)[])
    .filter((figure) => later[figure] > earlier[figure] * (1 + TOLERANCE[figure].share) + TOLERANCE[figure].plus)
    .map((figure) => `${figure}: ${earlier[figure].toFixed(0)} -> ${later[figure].toFixed(0)}`)
}

function means(samples: readonly Sample[]): Figures {
  const mean = (pick: (s: Sample) => number) =>
    samples.length ? samples.reduce((sum, s) => sum + pick(s), 0) / samples.length : 0
  return {
    rss: mean((s) => s.rss),
    heapUsed: mean((s) => s.heapUsed),
    handles: mean((s) => s.handles),
    fds: mean((s) => s.fds),
  }
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
