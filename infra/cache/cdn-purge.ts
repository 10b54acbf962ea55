import { Counter } from 'prom-client'
import type { Logger } from '../logging/logger.js'
import type { PlatformMetrics } from '../metrics/platform-metrics.js'
import { oncePer } from '../once-per.js'
import { purgeKeys } from './cdn-keys.js'
import type { CdnPurgeSettings } from './cdn-settings.js'
import type { CdnAdapter, PurgeRequest } from './storefront-cache.js'

/** One call of a CDN's purge API. */
interface PurgeCall {
  url: string
  headers: Record<string, string>
  body?: string
}

interface Provider {
  /** Keys per call: the most the API takes in one request. */
  batchSize: number
  call(keys: readonly string[]): PurgeCall
}

/**
 * Fastly's batch purge by surrogate key (`POST /service/<id>/purge`, keys space-separated in the
 * `Surrogate-Key` header, at most 256 a call); a soft purge (`Fastly-Soft-Purge: 1`) marks them
 * stale instead of dropping them, so Fastly may serve them while it fetches anew.
 */
function fastly(settings: Extract<CdnPurgeSettings, { provider: 'fastly' }>): Provider {
  return {
    batchSize: 256,
    call: (keys) => ({
      url: `${settings.apiUrl}/service/${encodeURIComponent(settings.serviceId)}/purge`,
      headers: {
        'fastly-key': settings.apiToken,
        'surrogate-key': keys.join(' '),
        accept: 'application/json',
        ...(settings.softPurge ? { 'fastly-soft-purge': '1' } : {}),
      },
    }),
  }
}

/** Cloudflare's purge by cache tag (`POST /client/v4/zones/<zone>/purge_cache`, `{"tags": […]}`, 30 a call). */
function cloudflare(settings: Extract<CdnPurgeSettings, { provider: 'cloudflare' }>): Provider {
  return {
    batchSize: 30,
    call: (keys) => ({
      url: `${settings.apiUrl}/client/v4/zones/${encodeURIComponent(settings.zoneId)}/purge_cache`,
      headers: { authorization: `Bearer ${settings.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: keys }),
    }),
  }
}

export interface RetryPolicy {
  /** Calls per batch, the first included. */
  attempts: number
  /** Wait before the first retry; doubled each time, with jitter. */
  baseDelayMs: number
  /** No wait is longer, a `Retry-After` included. */
  maxDelayMs: number
  /** Time limit of one call. */
  timeoutMs: number
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 5_000, timeoutMs: 10_000 }

/** `emporium_cdn_purges_total{provider,outcome}`: calls of the CDN's purge API, `ok`, `retried` or `failed`. */
const purgeCounters = oncePer(
  (metrics: PlatformMetrics) =>
    new Counter({
      name: 'emporium_cdn_purges_total',
      help: "Calls of the CDN's purge API by provider and outcome: ok, retried (a 5xx, 429 or network error tried again) or failed (given up: the CDN may serve stale pages until they expire).",
      labelNames: ['provider', 'outcome'] as const,
      registers: [metrics.registry],
    }),
)

/**
 * Purges the CDN in front of the storefront by surrogate key, through its API: each purge names the
 * store's keys only (`cdn-keys.ts`), in batches the API takes. A 5xx, a 429 or a network error is
 * retried with exponential backoff (a `Retry-After` honoured up to `maxDelayMs`), a bounded number
 * of times; a purge that still fails is logged and counted, never thrown, so it never fails the
 * write whose events asked for it.
 */
export class HttpCdnPurge implements CdnAdapter {
  private readonly provider: Provider
  private readonly counter: Counter<'provider' | 'outcome'>

  constructor(
    private readonly settings: CdnPurgeSettings,
    private readonly options: {
      logger: Logger
      metrics: PlatformMetrics
      retry?: Partial<RetryPolicy>
    },
  ) {
    this.provider = settings.provider === 'fastly' ? fastly(settings) : cloudflare(settings)
    this.counter = purgeCounters.get(options.metrics)
  }

  async purge(request: PurgeRequest): Promise<void> {
    const keys = purgeKeys(request)
    for (let start = 0; start < keys.length; start += this.provider.batchSize)
      await this.send(request.storeId, keys.slice(start, start + this.provider.batchSize))
  }

  private async send(storeId: string, keys: readonly string[]): Promise<void> {
    const retry = { ...DEFAULT_RETRY, ...this.options.retry }
    const call = this.provider.call(keys)
    const provider = this.settings.provider
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(call, retry.timeoutMs)
      if (outcome.ok) {
        this.counter.inc({ provider, outcome: 'ok' })
        return
      }
      if (!outcome.retryable || attempt >= retry.attempts) {
        this.counter.inc({ provider, outcome: 'failed' })
        this.options.logger.warn(
          { provider, storeId, keys: keys.length, attempts: attempt, problem: outcome.problem },
          'CDN purge failed; the CDN may serve these pages until they expire',
        )
        return
      }
      this.counter.inc({ provider, outcome: 'retried' })
      const backoff = retry.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2)
      await delay(Math.min(retry.maxDelayMs, Math.max(backoff, outcome.retryAfterMs ?? 0)))
    }
  }

  private async attempt(
    call: PurgeCall,
    timeoutMs: number,
  ): Promise<{ ok: true } | { ok: false; retryable: boolean; problem: string; retryAfterMs?: number }> {
    try {
      const response = await fetch(call.url, {
        method: 'POST',
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      // The body says why (Cloudflare's `errors`, Fastly's `msg`); read it whole so the connection is reused.
      const text = await response.text()
      if (response.ok) return { ok: true }
      const retryAfter = Number(response.headers.get('retry-after'))
      return {
        ok: false,
        retryable: response.status === 429 || response.status >= 500,
        problem: `HTTP ${response.status}: ${text.slice(0, 300)}`,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
      }
    } catch (error) {
      return { ok: false, retryable: true, problem: error instanceof Error ? error.message : String(error) }
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
