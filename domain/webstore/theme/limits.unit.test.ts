import { describe, expect, it } from 'vitest'
import type { ThemeCreate } from './commands.js'
import { decideTheme } from './decide.js'
import { defaultThemeFiles } from './default-theme.js'
import {
  BINARY_FILE_MAX_BYTES,
  THEME_MAX_BINARY_BYTES,
  THEME_MAX_BYTES,
  THEME_MAX_FILES,
  themeFile,
  type ThemeFile,
} from './files.js'
import { initialThemeState } from './theme.js'
import type { DecideContext } from '../../shared/context.js'

// A current Shopify theme holds ~470 files and ~5 MB of text: the limits leave room for it, and
// images and fonts (in the blob store, not in events) have a budget of their own.

const ctx: DecideContext = {
  now: new Date('2026-11-26T09:00:00Z'),
  actor: { type: 'api_key', id: 'k' },
  organizationId: 'o',
  storeId: 's',
}
const create = (files: ThemeFile[]): ThemeCreate => ({
  type: 'ThemeCreate',
  data: { themeId: 't', name: 'Big', source: 'ZIP', sourceThemeId: null, files, role: null },
  roles: { main: null, draft: null },
  filesField: ['input', 'zip'],
})
const snippets = (count: number, bytes = 10) =>
  Array.from({ length: count }, (_, i) => themeFile(`snippets/s${i}.liquid`, 'x'.repeat(bytes)))
const image = (i: number, size: number): ThemeFile => ({
  path: `assets/i${i}.png`,
  content: '',
  checksum: String(i).padStart(64, '0'),
  size,
  contentType: 'image/png',
})

describe('theme limits', () => {
  const base = defaultThemeFiles()

  it('takes a theme of ~470 files', () => {
    expect(decideTheme(create([...base, ...snippets(470 - base.length)]), initialThemeState(), ctx)).toHaveLength(1)
    expect(THEME_MAX_FILES).toBeGreaterThanOrEqual(470)
  })

  it('refuses more files than the limit, and more text than events may carry', () => {
    expect(() => decideTheme(create([...base, ...snippets(THEME_MAX_FILES)]), initialThemeState(), ctx)).toThrow(
      `a theme may have at most ${THEME_MAX_FILES} files`,
    )
    const text = snippets(Math.ceil(THEME_MAX_BYTES / (200 * 1024)), 200 * 1024)
    expect(() => decideTheme(create([...base, ...text]), initialThemeState(), ctx)).toThrow(/bytes of text files/)
  })

  it('counts images and fonts apart from text, against their own budget', () => {
    const images = (total: number) =>
      Array.from({ length: Math.ceil(total / BINARY_FILE_MAX_BYTES) }, (_, i) => image(i, BINARY_FILE_MAX_BYTES))
    expect(decideTheme(create([...base, ...images(THEME_MAX_BYTES * 2)]), initialThemeState(), ctx)).toHaveLength(1)
    expect(() =>
      decideTheme(create([...base, ...images(THEME_MAX_BINARY_BYTES + 1)]), initialThemeState(), ctx),
    ).toThrow(/bytes of images and fonts/)
  })
})
