import { unzipSync } from 'fflate'
import type { BlobWriter } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import {
  BINARY_ASSET_TYPES,
  BINARY_FILE_MAX_BYTES,
  binaryAssetType,
  binaryThemeFile,
  FILE_MAX_BYTES,
  THEME_MAX_BINARY_BYTES,
  THEME_MAX_BYTES,
  THEME_MAX_FILES,
  themeFile,
  type ThemeFile,
} from './files.js'

/** Folders a theme has at its root; a zip may wrap them in one folder of its own. */
const THEME_FOLDERS = ['layout', 'templates', 'sections', 'blocks', 'snippets', 'assets', 'locales', 'config']
const MAX_INFLATED_BYTES = THEME_MAX_BYTES + THEME_MAX_BINARY_BYTES
/** Entries archivers add that are not part of the theme. */
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|\.git\/)/

/**
 * The files of a theme zip (its bytes, or base64). A single top folder wrapping the theme is
 * dropped, and so is whatever lies outside the theme folders (a repository's README, .github/,
 * a .theme-check.yml), as Shopify's own upload does. Images and fonts under assets/ go to the
 * blob store (`blobs`) and the file records their hash, so events hold text only; any other
 * non-UTF-8 file is refused. Sizes are checked while inflating, before anything is decoded.
 * Problems are reported at `field` (`['input', 'zip']` or `['input', 'stagedUploadId']`).
 */
export async function themeFilesFromZip(
  zip: string | Uint8Array,
  storeId: string,
  blobs: BlobWriter | undefined,
  field: readonly (string | number)[] = ['input', 'zip'],
): Promise<ThemeFile[]> {
  let entries: Record<string, Uint8Array>
  let inflated = 0
  try {
    entries = unzipSync(typeof zip === 'string' ? Buffer.from(zip, 'base64') : zip, {
      filter: (file) => {
        if (file.name.endsWith('/') || IGNORED.test(file.name)) return false
        inflated += file.originalSize
        const limit = isBinaryName(file.name) ? BINARY_FILE_MAX_BYTES : FILE_MAX_BYTES
        if (file.originalSize > limit)
          throw badInput(field, `${file.name} is ${file.originalSize} bytes; a theme file may hold at most ${limit}`)
        if (inflated > MAX_INFLATED_BYTES)
          throw badInput(field, `the zip unpacks to more than ${MAX_INFLATED_BYTES} bytes, the most a theme may hold`)
        return true
      },
    })
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error
    throw badInput(field, 'this is not a readable zip file; send the theme as a .zip archive')
  }
  const all = Object.keys(entries)
  const prefix = commonWrapper(all)
  const names = all.filter((name) => THEME_FOLDERS.includes(name.slice(prefix.length).split('/')[0]!))
  if (names.length > THEME_MAX_FILES)
    throw badInput(field, `the zip holds ${names.length} theme files; a theme may have at most ${THEME_MAX_FILES}`)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const files: ThemeFile[] = []
  for (const name of names) {
    const path = name.slice(prefix.length)
    const bytes = entries[name]!
    const contentType = binaryAssetType(path)
    if (contentType && blobs) {
      const file = binaryThemeFile(path, bytes, contentType)
      await blobs.put(storeId, file.checksum, bytes, contentType)
      files.push(file)
      continue
    }
    try {
      files.push(themeFile(path, decoder.decode(bytes)))
    } catch {
      throw badInput(
        field,
        `${path} is not UTF-8 text; binary files may only be images and fonts in assets/ (${BINARY_EXTENSIONS})`,
      )
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path))
}

const BINARY_EXTENSIONS = Object.keys(BINARY_ASSET_TYPES).join(', ')

function isBinaryName(name: string): boolean {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase() in BINARY_ASSET_TYPES
}

/** `my-theme/` when the theme folders sit in that one folder (and it is not a theme folder itself). */
function commonWrapper(names: readonly string[]): string {
  if (names.some((name) => THEME_FOLDERS.includes(name.split('/')[0]!))) return ''
  const first = names[0]?.split('/')[0]
  if (!first || !names[0]!.includes('/')) return ''
  return names.every((name) => name.startsWith(`${first}/`)) ? `${first}/` : ''
}
