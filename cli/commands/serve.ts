import { parseArgs } from 'node:util'
import { buildApp } from '../../api/app.js'
import { ensureDemoShop } from '../../app/operations/demo.js'
import { secretsKeyWarning } from '../../infra/secrets/platform-key.js'
import { openCliPlatform } from '../platform.js'
import { exitOnSignals } from '../shutdown.js'

const DEMO_HEADLINES = {
  filled: 'A demo organization and shop were created on this empty data directory.',
  empty: 'A demo organization and store were created on this empty data directory (DEMO_SHOP=false: no products).',
  incomplete:
    'A demo organization and store were created on this empty data directory; filling the shop failed (see the log).',
} as const

/** `emporium serve`: the API server; runs the projections in-process unless `--no-projections`. */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { 'no-projections': { type: 'boolean', default: false } } })
  const { platform, logger } = await openCliPlatform({ runProjections: !values['no-projections'], logsTo: 'stdout' })
  const secretsWarning = secretsKeyWarning(platform.config)
  if (secretsWarning) logger.warn(secretsWarning)
  const demo = await ensureDemoShop(platform)
  const app = await buildApp(platform)
  exitOnSignals(
    {
      // fastify stops listening at once, answers 503 on kept-alive connections, and waits for the requests in flight.
      drain: () => app.close(),
      abandon: () => app.server.closeAllConnections(),
      stop: () => platform.close(),
    },
    { timeoutMs: platform.config.shutdownTimeoutMs, logger },
  )
  const address = await app.listen({ port: platform.config.port, host: platform.config.host })
  logger.info({ address, backend: platform.database.kind }, 'emporium is serving')
  if (demo) {
    const base = `http://localhost:${platform.config.port}`
    process.stdout.write(
      [
        '',
        DEMO_HEADLINES[demo.shop],
        `  store:   ${demo.storeSlug} (${demo.storeId})`,
        `  API key: ${demo.apiKey}`,
        `  Storefront: ${demo.storefrontUrl}`,
        '  This key is shown once; keep it. Open the playground and add the header',
        `  {"Authorization": "Bearer ${demo.apiKey}"}:  ${base}/graphiql`,
        '',
      ].join('\n'),
    )
  }
}
