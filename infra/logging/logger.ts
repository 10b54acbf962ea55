import pinoPretty from 'pino-pretty'
import { pino, type DestinationStream, type Logger } from 'pino'
import { ConfigError } from '../config.js'

/** `json`: one JSON object a line, for log collectors. `pretty`: one short, readable line, for a person. */
export type LogFormat = 'json' | 'pretty'

/**
 * Pretty lines when the logs go to a terminal, JSON anywhere else (a file, a pipe, a container's
 * log collector), so `npm start` reads well and production logs stay machine-readable.
 * `LOG_FORMAT=json|pretty` overrides the guess; `auto` (or unset) keeps it.
 *
 * @example logFormat(process.env.LOG_FORMAT, process.stdout.isTTY)
 */
export function logFormat(setting: string | undefined, isTTY: boolean | undefined): LogFormat {
  if (setting === undefined || setting === '' || setting === 'auto') return isTTY ? 'pretty' : 'json'
  if (setting === 'json' || setting === 'pretty') return setting
  throw new ConfigError(
    `invalid configuration: LOG_FORMAT must be json, pretty or auto (the default: pretty on a terminal, JSON otherwise); got '${setting}'`,
  )
}

/**
 * JSON logs (or pretty ones, see `logFormat`), on stdout unless told otherwise (the stdio MCP
 * server logs to stderr: its stdout carries the protocol); secrets that may reach a log line are
 * redacted by path, before either format is written.
 */
export function createLogger(
  level: string,
  name = 'emporium',
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'apiKey',
        '*.apiKey',
        // Payment provider secrets, as a command's input or GraphQL variables would carry them.
        'secretKey',
        '*.secretKey',
        '*.*.secretKey',
        'webhookSigningSecret',
        '*.webhookSigningSecret',
        '*.*.webhookSigningSecret',
      ],
      censor: '[redacted]',
    },
  }
  if (format === 'pretty') return pino(options, prettyLines(destination ?? process.stdout))
  return destination ? pino(options, destination) : pino(options)
}

/**
 * Formats each line as it is written, synchronously: nothing is held in a stream buffer that an
 * exit could lose, and no worker thread is started. Colours only on a terminal.
 */
function prettyLines(out: DestinationStream & { isTTY?: boolean }): DestinationStream {
  const pretty = pinoPretty.prettyFactory({
    colorize: out.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,name',
    singleLine: true,
  })
  return { write: (line: string) => out.write(pretty(line)) }
}

export type { Logger }
