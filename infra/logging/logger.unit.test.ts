import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config.js'
import { createLogger, logFormat } from './logger.js'

/** What a logger wrote, line by line; `isTTY` as a terminal or a pipe would say. */
function sink(isTTY: boolean) {
  const lines: string[] = []
  return { isTTY, lines, write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) }
}

describe('logFormat', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    [undefined, undefined, 'json'],
    ['auto', true, 'pretty'],
    ['', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s on a TTY=%s gives %s', (setting, isTTY, expected) => {
    expect(logFormat(setting, isTTY)).toBe(expected)
  })

  it('refuses another value with one line naming the variable', () => {
    expect(() => logFormat('yaml', true)).toThrow(ConfigError)
    expect(() => logFormat('yaml', true)).toThrow(
      "invalid configuration: LOG_FORMAT must be json, pretty or auto (the default: pretty on a terminal, JSON otherwise); got 'yaml'",
    )
  })
})

describe('createLogger', () => {
  it('writes one JSON object a line by default', () => {
    const out = sink(false)
    createLogger('info', 'emporium', out).info({ address: 'http://127.0.0.1:8080' }, 'emporium is serving')
    expect(out.lines).toHaveLength(1)
    expect(JSON.parse(out.lines[0]!)).toMatchObject({
      level: 30,
      name: 'emporium',
      msg: 'emporium is serving',
      address: 'http://127.0.0.1:8080',
    })
  })

  it('writes one short readable line when pretty, without colours off a terminal, secrets still redacted', () => {
    const out = sink(false)
    createLogger('info', 'emporium', out, 'pretty').info(
      { address: 'http://127.0.0.1:8080', apiKey: 'wmk_secret' },
      'emporium is serving',
    )
    expect(out.lines).toHaveLength(1)
    expect(out.lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: emporium is serving \{"address":"http:\/\/127\.0\.0\.1:8080","apiKey":"\[redacted\]"\}$/,
    )
  })

  it('colours the level on a terminal', () => {
    const out = sink(true)
    createLogger('info', 'emporium', out, 'pretty').warn('slow start')
    expect(out.lines[0]).toContain('\u001b[')
    expect(out.lines[0]).toContain('slow start')
  })
})
