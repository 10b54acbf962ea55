import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { fold } from '../../shared/event.js'
import { contextWith } from '../../../test/support/decide-context.js'
import type { ThemeCommand } from './commands.js'
import { defaultThemeFiles } from './default-theme.js'
import { themeDecider } from './definitions.js'
import type { ThemeCreated, ThemeFilesAdded } from './events.js'
import { fileBatches, fileEventBytes, THEME_EVENT_FILE_BYTES } from './file-batches.js'
import { themeFile, type ThemeFile } from './files.js'

// A real theme (Horizon: ~470 files, 4.7 MB of text) is far past what one append to KurrentDB
// may carry: its files travel in events of at most 512 KiB, ThemeCreated last.

const ID = '01900000-0000-7000-8000-0000000000b1'
const ctx = contextWith({ now: new Date('2026-11-26T07:00:00Z'), storeId: '01900000-0000-7000-8000-00000000b001' })
const spec = deciderSpec(themeDecider, ctx)

/** The default theme plus 40 snippets of 60 KB each: 2.4 MB of text. */
const snippets = Array.from({ length: 40 }, (_, i) =>
  themeFile(`snippets/filler-${i}.liquid`, `<p>${String(i).padStart(2, '0')}</p>\n`.repeat(6_000)),
)
const largeFiles: ThemeFile[] = [...defaultThemeFiles(), ...snippets]
const create = (files: ThemeFile[] = largeFiles): ThemeCommand => ({
  type: 'ThemeCreate',
  data: { themeId: ID, name: 'Horizon', source: 'ZIP', sourceThemeId: null, files, role: null },
  roles: { main: null, draft: null },
})
const batches = fileBatches(largeFiles)
const staged: ThemeFilesAdded[] = batches
  .slice(0, -1)
  .map((files) => ({ type: 'ThemeFilesAdded', data: { themeId: ID, files } }))
const created: ThemeCreated = {
  type: 'ThemeCreated',
  data: { themeId: ID, name: 'Horizon', role: 'DRAFT', source: 'ZIP', sourceThemeId: null, files: batches.at(-1)! },
}

describe('a theme larger than one event may carry', () => {
  it('is created as ThemeFilesAdded batches of at most 512 KiB, then ThemeCreated with the last batch', () => {
    expect(batches.length).toBeGreaterThanOrEqual(5)
    for (const batch of batches)
      expect(batch.reduce((sum, file) => sum + fileEventBytes(file), 0)).toBeLessThanOrEqual(THEME_EVENT_FILE_BYTES)
    expect(batches.flat().map((f) => f.path)).toEqual(largeFiles.map((f) => f.path))
    spec
      .given([])
      .when(create())
      .then([...staged, created])
  })

  it('is one ThemeCreated holding every file when small, as before the split', () => {
    const files = defaultThemeFiles()
    spec
      .given([])
      .when(create(files))
      .then([{ ...created, data: { ...created.data, files } }])
  })

  it('has every file once ThemeCreated is folded, and none of them before', () => {
    const state = fold(themeDecider, [...staged, created])
    expect(state.kind).toBe('existing')
    if (state.kind !== 'existing') return
    expect(Object.keys(state.theme.files).sort()).toEqual(largeFiles.map((f) => f.path).sort())
    expect(fold(themeDecider, staged).kind).toBe('staging')
    // A file staged before ThemeCreated is the theme's like any other.
    spec
      .given([...staged, created])
      .when({ type: 'ThemeFileDelete', data: { themeId: ID, path: 'snippets/filler-0.liquid' } })
      .then([{ type: 'ThemeFileDeleted', data: { themeId: ID, path: 'snippets/filler-0.liquid' } }])
  })

  it('does not exist while only its files are staged (a creation cut short), and creating it again stages them again', () => {
    spec
      .given(staged.slice(0, 2))
      .when({ type: 'ThemeRename', data: { themeId: ID, name: 'Half' } })
      .thenFails({ code: 'NOT_FOUND' })
    spec
      .given(staged.slice(0, 2))
      .when(create())
      .then([...staged, created])
    spec
      .given([...staged, created])
      .when(create())
      .thenFails({ code: 'CONFLICT' })
  })

  it('replays a ThemeCreated recorded before the split, every file inside it', () => {
    const old: ThemeCreated = { ...created, data: { ...created.data, files: largeFiles } }
    const content = '<p>changed</p>'
    spec
      .given([old])
      .when({ type: 'ThemeFileUpsert', data: { themeId: ID, path: 'snippets/filler-39.liquid', content } })
      .then([
        {
          type: 'ThemeFileChanged',
          data: { themeId: ID, ...themeFile('snippets/filler-39.liquid', content) },
        },
      ])
  })
})

describe('fileBatches', () => {
  it('gives a file larger than the bound a batch of its own, and no files one empty batch', () => {
    const quotes = themeFile('assets/quotes.txt', '"'.repeat(260_000))
    const small = themeFile('assets/a.txt', 'a')
    expect(fileEventBytes(quotes)).toBeGreaterThan(500_000)
    expect(fileBatches([small, small, quotes, small], 500_000).map((b) => b.length)).toEqual([2, 1, 1])
    expect(fileBatches([])).toEqual([[]])
  })
})
