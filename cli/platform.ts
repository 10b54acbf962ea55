import { loadConfig, ConfigError, type Config } from '../infra/config.js'
import { createLogger, logFormat, type Logger } from '../infra/logging/logger.js'
import { Platform } from '../app/platform.js'
import { allPlatformParts } from '../app/all-parts.js'

/** Loads the configuration or exits with the one line that names the bad variable. */
export function configOrExit(): Config {
  return orExit(() => loadConfig())
}

function orExit<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(2)
    }
    throw error
  }
}

/**
 * Opens the platform for a CLI command. Logs go to stderr so stdout stays machine-readable (one
 * JSON line per result); the long-running servers (`serve`, `project`) log to stdout as usual.
 * Pretty lines when that stream is a terminal, JSON otherwise (`LOG_FORMAT` overrides).
 */
export async function openCliPlatform(options: {
  runProjections: boolean
  logLevel?: string
  logsTo?: 'stdout' | 'stderr'
}): Promise<{ platform: Platform; logger: Logger }> {
  const config = configOrExit()
  const destination = options.logsTo === 'stdout' ? process.stdout : process.stderr
  const format = orExit(() => logFormat(process.env.LOG_FORMAT, destination.isTTY))
  const logger = createLogger(options.logLevel ?? config.logLevel, 'emporium', destination, format)
  const platform = await Platform.open(config, logger, allPlatformParts, { runProjections: options.runProjections })
  return { platform, logger }
}

export function fail(message: string): never {
  process.stderr.write(`emporium: ${message}\n`)
  process.exit(1)
}
