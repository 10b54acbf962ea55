import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { perFile } from './per-file.js'

/** One call the fake CDN API received. */
export interface CdnCall {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** What the fake answers a call: a status, headers and a JSON body. */
export interface CdnAnswer {
  status: number
  headers?: Record<string, string>
  body?: unknown
}

/**
 * A local HTTP server standing in for a CDN's purge API (`CDN_PURGE_API_URL`): it records every
 * call and answers 200, or, for calls naming a key given to `answer`, those answers in turn (a
 * 503, a 429 with `Retry-After`), so purges of other events running meanwhile take none of them.
 */
export class FakeCdn {
  readonly calls: CdnCall[] = []
  private readonly answers = new Map<string, CdnAnswer[]>()

  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const call = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      this.calls.push(call)
      const answer = this.answerOf(call) ?? { status: 200, body: { status: 'ok' } }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      response.end(JSON.stringify(answer.body ?? {}))
    })
  })
  /** `http://127.0.0.1:<port>`, for `CDN_PURGE_API_URL`. */
  url = ''

  static async start(): Promise<FakeCdn> {
    const fake = new FakeCdn()
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
    return fake
  }

  /** Answers the next calls naming `key` (in the `Surrogate-Key` header or the body) with `answers`, one each. */
  answer(key: string, ...answers: CdnAnswer[]): void {
    this.answers.set(key, [...(this.answers.get(key) ?? []), ...answers])
  }

  private answerOf(call: CdnCall): CdnAnswer | undefined {
    const named = `${String(call.headers['surrogate-key'] ?? '')} ${call.body}`
    for (const [key, answers] of this.answers) if (named.includes(key) && answers.length) return answers.shift()
    return undefined
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

/** The fake CDN of a test file (or describe block), started before its tests and closed after them. */
export function useFakeCdn(): FakeCdn {
  return perFile(
    () => FakeCdn.start(),
    (cdn) => cdn.close(),
  )
}
