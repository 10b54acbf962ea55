import { pino, type DestinationStream, type Logger } from 'pino'

/**
 * JSON logs, on stdout unless told otherwise (the stdio MCP server logs to stderr: its stdout
 * carries the protocol); secrets that may reach a log line are redacted by path.
 */
export function createLogger(level: string, name = 'emporium', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'apiKey', '*.apiKey'], censor: '[redacted]' },
  }
  return destination ? pino(options, destination) : pino(options)
}

export type { Logger }
