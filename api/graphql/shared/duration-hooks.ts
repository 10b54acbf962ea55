import type { FastifyInstance } from 'fastify'
import type { ApiMetrics } from '../../../app/metrics/api-metrics.js'
import { operationNameOf, type HookContext } from './cost-hooks.js'
import { findOperation } from './cost.js'

const TIMING = Symbol('emporium.timing')

interface Timed extends HookContext {
  /** Set when parsing starts; `ran` once the operation passed every check before execution. */
  [TIMING]?: { started: number; ran: boolean; operation?: string }
}

/**
 * `emporium_graphql_request_duration_seconds` of every GraphQL operation that ran: timed from
 * parsing (before the document cache) to resolution, by operation name. The name is the one the
 * document gives the operation that ran, bounded by `operationLabel`; operations refused before
 * they ran (invalid, too complex, rate limited) are not timed. Each operation of a batch is timed by itself.
 */
export function installDurationHooks(app: FastifyInstance, metrics: ApiMetrics): void {
  app.graphql.addHook('preParsing', async (_schema, _source, context) => {
    ;(context as unknown as Timed)[TIMING] = { started: performance.now(), ran: false }
  })
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const ctx = context as unknown as Timed
    const timing = ctx[TIMING]
    if (!timing) return
    timing.ran = true
    timing.operation = findOperation(document, operationNameOf(ctx))?.name?.value
  })
  app.graphql.addHook('onResolution', async (_execution, context) => {
    const timing = (context as unknown as Timed)[TIMING]
    if (!timing?.ran) return
    metrics.graphqlDuration.observe(
      { operation: metrics.operationLabel(timing.operation), transport: 'http' },
      (performance.now() - timing.started) / 1000,
    )
  })
}
