import { unzipSync } from 'fflate'
import type { BlobWriter } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import {
  binaryAssetType,
  binaryThemeFile,
  FILE_MAX_BYTES,
  THEME_MAX_BYTES,
  THEME_MAX_FILES,
  themeFile,
  type ThemeFile,
} from './files.js'

const ZIP_FIELD = ['input', 'zip'] as const
/** Folders a theme has at its root; a zip may wrap them in one folder of its own. */
const THEME_FOLDERS = ['layout', 'templates', 'sections', 'snippets', 'assets', 'locales', 'config']
/** Entries archivers add that are not part of the theme. */
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|\.git\/)/

/**
 * The files of a theme zip (base64). A single top folder wrapping the theme is dropped. Images
 * and fonts under assets/ go to the blob store (`blobs`) and the file records their hash, so
 * events hold text only; any other non-UTF-8 file is refused. Sizes are checked while
 * inflating, before anything is decoded.
 */
export async function themeFilesFromZip(
  base64: string,
  storeId: string,
  blobs: BlobWriter | undefined,
): Promise<ThemeFile[]> {
  let entries: Record<string, Uint8Array>
  let inflated = 0
  try {
    entries = unzipSync(Buffer.from(base64, 'base64'), {
      filter: (file) => {
        if (file.name.endsWith('/') || IGNORED.test(file.name)) return false
        inflated += file.originalSize
        if (file.originalSize > FILE_MAX_BYTES)
          throw badInput(
            ZIP_FIELD,
            `${file.name} is ${file.originalSize} bytes; a theme file may hold at most ${FILE_MAX_BYTES}`,
          )
        if (inflated > THEME_MAX_BYTES)
          throw badInput(ZIP_FIELD, `the zip unpacks to more than ${THEME_MAX_BYTES} bytes, the most a theme may hold`)
        return true
      },
    })
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error
    throw badInput(ZIP_FIELD, 'zip is not a readable zip file; send the theme zip encoded as base64')
  }
  const names = Object.keys(entries)
  if (names.length > THEME_MAX_FILES)
    throw badInput(ZIP_FIELD, `the zip holds ${names.length} files; a theme may have at most ${THEME_MAX_FILES}`)
  const prefix = commonWrapper(names)
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
        ZIP_FIELD,
        `${path} is not UTF-8 text; binary files may only be images and fonts in assets/ (${BINARY_EXTENSIONS})`,
      )
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path))
}

const BINARY_EXTENSIONS = 'png, jpg, gif, webp, avif, ico, woff, woff2, ttf, otf'

/** `my-theme/` when every entry sits in that one folder and it is not a theme folder itself. */
function commonWrapper(names: readonly string[]): string {
  const first = names[0]?.split('/')[0]
  if (!first || THEME_FOLDERS.includes(first)) return ''
  return names.every((name) => name.startsWith(`${first}/`)) ? `${first}/` : ''
}
