import type { ThemeFile } from './files.js'

/**
 * Most bytes of files (as the event's JSON carries them) one theme event holds. An event store
 * bounds what one append may carry (KurrentDB's `MaxAppendSize`, 1 MiB by default, counts every
 * event of the append), so a theme's files travel in events of at most this much, which the
 * command path appends one or two at a time (`app/commands/append-batches.ts`).
 */
export const THEME_EVENT_FILE_BYTES = 512 * 1024

/**
 * How long a creation's staged files wait for their `ThemeCreated` before the sweep abandons them:
 * a creation appends its batches within seconds, so one this old was cut short by a crash.
 */
export const THEME_IMPORT_STALE_MS = 15 * 60_000

/** A file's size inside an event: its JSON, escapes included (a quote or a newline takes two bytes). */
export function fileEventBytes(file: ThemeFile): number {
  return Buffer.byteLength(JSON.stringify(file), 'utf8')
}

/**
 * The files in order, cut into runs of at most `limit` bytes of JSON each; a single file larger
 * than the limit (a 256 KB file of quotes) gets a run of its own. Never empty: no files is one empty run.
 */
export function fileBatches(files: readonly ThemeFile[], limit = THEME_EVENT_FILE_BYTES): ThemeFile[][] {
  const batches: ThemeFile[][] = [[]]
  let bytes = 0
  for (const file of files) {
    const size = fileEventBytes(file)
    if (bytes + size > limit && batches[batches.length - 1]!.length > 0) {
      batches.push([])
      bytes = 0
    }
    batches[batches.length - 1]!.push({ ...file })
    bytes += size
  }
  return batches
}
