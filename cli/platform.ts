import { loadConfig, ConfigError, type Config } from '../infra/config.js'
import { createLogger, type Logger } from '../infra/logging/logger.js'
import { Platform } from '../infra/platform.js'
import { allCommands } from '../domain/commands.js'
import { allProjections } from '../projections/all.js'

/** Loads the configuration or exits with the one line that names the bad variable. */
export function configOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(2)
    }
    throw error
  }
}

/** Opens the platform for a CLI command; logs go to stderr so stdout stays machine-readable. */
export async function openCliPlatform(options: { runProjections: boolean; logLevel?: string }): Promise<{ platform: Platform; logger: Logger }> {
  const config = configOrExit()
  const logger = createLogger(options.logLevel ?? config.logLevel)
  const platform = await Platform.open(config, logger, { commands: allCommands, projections: allProjections }, options)
  return { platform, logger }
}

export function fail(message: string): never {
  process.stderr.write(`emporium: ${message}\n`)
  process.exit(1)
}
