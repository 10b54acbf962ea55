import { openCliPlatform } from '../platform.js'

/** `emporium project`: projection workers only, for scaling them apart from the API. */
export async function run(): Promise<void> {
  const { platform, logger } = await openCliPlatform({ runProjections: true, logsTo: 'stdout' })
  logger.info({ owned: platform.runner?.owned() }, 'projector running')
  const shutdown = async (): Promise<void> => {
    await platform.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown())
  process.on('SIGTERM', () => void shutdown())
}
