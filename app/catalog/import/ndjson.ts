/** One line of an NDJSON file: its 1-based number and either the object it holds or why it holds none. */
export type NdjsonLine = { line: number; value: Record<string, unknown> } | { line: number; error: string }

/** The largest line read; longer ones are refused rather than parsed (a product is far smaller). */
export const MAX_LINE_BYTES = 1024 * 1024

/**
 * The non-blank lines of an NDJSON text, each parsed on its own so one bad line costs only
 * itself. Accepts `\n` and `\r\n` line ends and a leading byte-order mark.
 */
export function parseNdjson(text: string): NdjsonLine[] {
  const lines: NdjsonLine[] = []
  for (const [index, raw] of text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .entries()) {
    const content = raw.replace(/\r$/, '')
    if (!content.trim()) continue
    const line = index + 1
    if (Buffer.byteLength(content) > MAX_LINE_BYTES) {
      lines.push({
        line,
        error: `line ${line} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB; one product per line`,
      })
      continue
    }
    let value: unknown
    try {
      value = JSON.parse(content)
    } catch (error) {
      lines.push({
        line,
        error: `line ${line} is not JSON (${(error as Error).message}); each line must be one product object`,
      })
      continue
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      lines.push({
        line,
        error: `line ${line} must be a JSON object like {"title": "Red Shirt", "handle": "red-shirt"}`,
      })
      continue
    }
    lines.push({ line, value: value as Record<string, unknown> })
  }
  return lines
}
