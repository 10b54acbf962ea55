import { Counter } from 'prom-client'
import type { PlatformMetrics } from '../../../infra/metrics/platform-metrics.js'
import { oncePer } from '../../../infra/once-per.js'

/** What became of a webhook delivery: the `outcome` label. */
export type WebhookOutcome = 'recorded' | 'duplicate' | 'ignored' | 'rejected' | 'not_found' | 'failed'

/** One counter per platform registry: tests open many platforms in one process. */
const byRegistry = oncePer(
  (metrics: PlatformMetrics) =>
    new Counter({
      name: 'emporium_payment_webhooks_total',
      help: 'Payment provider webhook deliveries, by provider, event type and outcome (recorded, duplicate, ignored, rejected, not_found, failed).',
      labelNames: ['provider', 'type', 'outcome'] as const,
      registers: [metrics.registry],
    }),
)

/**
 * `emporium_payment_webhooks_total{provider,type,outcome}` on the platform's registry, so `/metrics`
 * shows it beside the rest. `type` is the provider's event type once the signature holds (a bounded
 * set: handled types by name, any other as `other`), else `unverified`.
 */
export function webhookCounter(metrics: PlatformMetrics): Counter<'provider' | 'type' | 'outcome'> {
  return byRegistry.get(metrics)
}
