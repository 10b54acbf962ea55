import { parseArgs } from 'node:util'
import { buildApp } from '../../api/app.js'
import { ensureDemoTenant } from '../../infra/operations/demo.js'
import { openCliPlatform } from '../platform.js'

/** `emporium serve`: the API server; runs the projections in-process unless `--no-projections`. */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { 'no-projections': { type: 'boolean', default: false } } })
  const { platform, logger } = await openCliPlatform({ runProjections: !values['no-projections'], logsTo: 'stdout' })
  const demo = await ensureDemoTenant(platform)
  const app = await buildApp(platform)
  let closing = false
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down: draining requests, stopping projections at a checkpoint')
    await app.close()
    await platform.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  const address = await app.listen({ port: platform.config.port, host: platform.config.host })
  logger.info({ address, backend: platform.database.kind }, 'emporium is serving')
  if (demo) {
    const base = `http://localhost:${platform.config.port}`
    process.stdout.write(
      [
        '',
        'A demo organization and store were created on this empty data directory.',
        `  store:   ${demo.storeSlug} (${demo.storeId})`,
        `  API key: ${demo.apiKey}`,
        '  This key is shown once; keep it. Open the playground and add the header',
        `  {"Authorization": "Bearer ${demo.apiKey}"}:  ${base}/graphiql`,
        '',
      ].join('\n'),
    )
  }
}
