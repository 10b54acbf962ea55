import { pino, type Logger } from 'pino'

/** JSON logs on stdout; secrets that may reach a log line are redacted by path. */
export function createLogger(level: string, name = 'emporium'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'apiKey', '*.apiKey'], censor: '[redacted]' },
  })
}

export type { Logger }
