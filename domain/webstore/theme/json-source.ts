import type { SourceError } from './liquid.js'

/**
 * Parses a JSON file of a theme (templates, config, locales, a section's schema). Shopify's
 * theme JSON may carry comments (its admin writes a `/* … *\/` banner atop settings_data.json
 * and templates), so they are blanked first. V8's `JSON.parse` messages give a position only
 * for some mistakes, so on failure a small scanner walks the text to find where it goes wrong
 * and answers with line and column. `offset` shifts the position when the JSON sits inside a
 * larger file (a `{% schema %}` body).
 */
export function parseJsonSource(
  source: string,
  offset = 0,
  whole = source,
): { ok: true; value: unknown } | { ok: false; error: SourceError } {
  const text = withoutComments(source)
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    const { at, message } = locateJsonError(text)
    const { line, column } = lineAndColumn(whole, offset + at)
    return { ok: false, error: { message: `invalid JSON: ${message}`, line, column } }
  }
}

/** A theme JSON file's value (comments allowed); throws on invalid JSON, like `JSON.parse`. */
export function parseThemeJson(source: string): unknown {
  return JSON.parse(withoutComments(source)) as unknown
}

/**
 * The text with `//` and `/* *\/` comments outside strings turned into spaces, line breaks
 * kept, so every position still points at the same line and column. An unclosed block comment
 * is left as it is for the parser to report.
 */
export function withoutComments(text: string): string {
  if (!text.includes('/')) return text
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"') {
      const start = i
      for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++
      out += text.slice(start, ++i)
      continue
    }
    const end = c === '/' ? commentEnd(text, i) : -1
    if (end < 0) {
      out += c
      i++
      continue
    }
    out += text.slice(i, end).replace(/[^\n]/g, ' ')
    i = end
  }
  return out
}

/** Where the comment opening at `i` ends (exclusive), or -1 when none opens there or it is not closed. */
function commentEnd(text: string, i: number): number {
  if (text[i + 1] === '/') {
    const newline = text.indexOf('\n', i)
    return newline < 0 ? text.length : newline
  }
  if (text[i + 1] !== '*') return -1
  const close = text.indexOf('*/', i + 2)
  return close < 0 ? -1 : close + 2
}

/** 1-based line and column of a character index. */
export function lineAndColumn(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index)
  const line = before.split('\n').length
  return { line, column: index - before.lastIndexOf('\n') }
}

class JsonSyntax extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message)
  }
}

function locateJsonError(text: string): { at: number; message: string } {
  let i = 0
  const fail = (message: string): never => {
    throw new JsonSyntax(i, message)
  }
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const literal = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length
    else fail(`unexpected ${describe(text[i])}`)
  }
  const string = (): void => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('line break inside a string')
      i += text[i] === '\\' ? 2 : 1
    }
    if (i >= text.length) fail('unterminated string')
    i++
  }
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!match) fail(`unexpected ${describe(text[i])}`)
    i += match![0].length
  }
  const value = (): void => {
    space()
    const c = text[i]
    if (c === '{') return object()
    if (c === '[') return array()
    if (c === '"') return string()
    if (c === 't') return literal('true')
    if (c === 'f') return literal('false')
    if (c === 'n') return literal('null')
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number()
    fail(c === undefined ? 'unexpected end of input' : `unexpected ${describe(c)}`)
  }
  /** A `{…}` or `[…]` from its opening character: `item`s separated by commas, up to `close`. */
  const container = (close: '}' | ']', item: () => void): void => {
    i++
    space()
    if (text[i] === close) return void i++
    for (;;) {
      item()
      space()
      if (text[i] === ',') {
        i++
        continue
      }
      if (text[i] === close) return void i++
      fail(`expected ',' or '${close}', found ${describe(text[i])}`)
    }
  }
  const member = (): void => {
    space()
    if (text[i] !== '"') fail(`expected a double-quoted property name, found ${describe(text[i])}`)
    string()
    space()
    if (text[i] !== ':') fail(`expected ':' after a property name, found ${describe(text[i])}`)
    i++
    value()
  }
  const object = (): void => container('}', member)
  const array = (): void => container(']', value)
  try {
    value()
    space()
    if (i < text.length) fail(`unexpected ${describe(text[i])} after the end of the value`)
    return { at: i, message: 'invalid JSON' }
  } catch (error) {
    if (error instanceof JsonSyntax) return { at: error.at, message: error.message }
    throw error
  }
}

function describe(c: string | undefined): string {
  if (c === undefined) return 'end of input'
  if (c === '\n') return 'line break'
  return `'${c}'`
}
