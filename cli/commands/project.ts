import { openCliPlatform } from '../platform.js'
import { exitOnSignals } from '../shutdown.js'

/** `emporium project`: projection workers only, for scaling them apart from the API. */
export async function run(): Promise<void> {
  const { platform, logger } = await openCliPlatform({ runProjections: true, logsTo: 'stdout' })
  logger.info({ owned: platform.runner?.owned() }, 'projector running')
  exitOnSignals({ stop: () => platform.close() }, { timeoutMs: platform.config.shutdownTimeoutMs, logger })
}
