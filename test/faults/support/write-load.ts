import { setTimeout as sleep } from 'node:timers/promises'

/** One write as the client saw it: acknowledged (with the id it was given) or refused (how). */
export type WriteOutcome =
  | { ok: true; title: string; id: string }
  | { ok: false; title: string; status: number; code: string; retryAfter: string | undefined; message: string }

export interface WriteLoad {
  readonly outcomes: readonly WriteOutcome[]
  /** Resolves once `count` more writes than now were acknowledged; rejects after `timeoutMs`. */
  acknowledged(count: number, timeoutMs: number): Promise<void>
  /** Stops the writers and waits for the writes in flight to be answered. */
  stop(): Promise<WriteOutcome[]>
}

/**
 * `writers` clients each writing one after another (a unique title each time) until stopped.
 * A refused write is not retried: each outcome is recorded as the client got it. After a
 * refusal a writer pauses briefly, as a client honouring Retry-After would, rather than spin.
 */
export function startWriteLoad(
  write: (title: string) => Promise<WriteOutcome>,
  options: { writers: number; prefix: string; pauseAfterRefusalMs?: number },
): WriteLoad {
  const outcomes: WriteOutcome[] = []
  let running = true
  let sequence = 0
  const waiters = new Set<{ target: number; resolve: () => void }>()
  const acknowledgedCount = () => outcomes.filter((o) => o.ok).length
  const record = (outcome: WriteOutcome) => {
    outcomes.push(outcome)
    const count = acknowledgedCount()
    for (const waiter of waiters) if (count >= waiter.target) waiter.resolve()
  }
  const writer = async () => {
    while (running) {
      const title = `${options.prefix} ${++sequence}`
      const outcome = await write(title).catch((error: unknown): WriteOutcome => ({
        ok: false,
        title,
        status: 0,
        code: 'CLIENT_ERROR',
        retryAfter: undefined,
        message: String(error),
      }))
      record(outcome)
      if (!outcome.ok) await sleep(options.pauseAfterRefusalMs ?? 50)
    }
  }
  const writers = Array.from({ length: options.writers }, () => writer())
  return {
    outcomes,
    acknowledged(count, timeoutMs) {
      const target = acknowledgedCount() + count
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          target,
          resolve: () => {
            clearTimeout(timer)
            waiters.delete(waiter)
            resolve()
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          const last = outcomes.at(-1)
          reject(
            new Error(
              `only ${acknowledgedCount()} of ${target} writes acknowledged after ${timeoutMs} ms; last outcome ${JSON.stringify(last)}`,
            ),
          )
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    async stop() {
      running = false
      await Promise.all(writers)
      return outcomes
    },
  }
}

/** A `productCreate` response as an outcome, whatever transport carried it. */
/** What a `productCreate` answer holds, as far as the write ledger cares. */
export interface ProductCreateBody {
  data?: { productCreate?: { product?: { id: string } | null } | null } | null
  errors?: { message: string; extensions?: Record<string, unknown> & { code?: string } }[]
}

export function productCreateOutcome(
  title: string,
  response: { status: number; headers: Record<string, unknown>; body: ProductCreateBody },
): WriteOutcome {
  const product = response.body.data?.productCreate?.product
  const error = response.body.errors?.[0]
  if (product && !error) return { ok: true, title, id: product.id }
  const retryAfter = response.headers['retry-after']
  return {
    ok: false,
    title,
    status: response.status,
    code: error?.extensions?.code ?? 'NONE',
    retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
    message: error?.message ?? '',
  }
}

export const PRODUCT_CREATE =
  'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id title } } }'

/** `productCreate` over real HTTP, as an outside client sees it; a connection that dies rejects. */
export async function createProductOverHttp(baseUrl: string, apiKey: string, title: string): Promise<WriteOutcome> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query: PRODUCT_CREATE, variables: { input: { title } } }),
  })
  return productCreateOutcome(title, {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: (await response.json()) as ProductCreateBody,
  })
}
