import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { themeFile, type ThemeFile } from './files.js'

export const DEFAULT_THEME_NAME = 'Emporium Default'

let cached: ThemeFile[] | null = null

/**
 * The platform's default theme: the files under `themes/default/` of the repository, read once.
 * They ship with the code (sources and the build alike), so reading them is no more I/O than
 * importing a module; every store starts with a copy of them as its main theme.
 */
export function defaultThemeFiles(): ThemeFile[] {
  cached ??= readTheme(defaultThemeDir())
  return cached.map((file) => ({ ...file }))
}

/** Finds `themes/default` above this module: the repository root from sources, one level above `dist/` from the build. */
function defaultThemeDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(dir, 'themes', 'default')
    if (existsSync(path.join(candidate, 'layout', 'theme.liquid'))) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('the default theme (themes/default/) is missing from the installation')
    dir = parent
  }
}

function readTheme(root: string): ThemeFile[] {
  const files: ThemeFile[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else files.push(themeFile(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8')))
    }
  }
  walk(root)
  return files.sort((a, b) => a.path.localeCompare(b.path))
}
