import type { PrepareEnv } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import type { ThemeCreateInput } from './commands.js'
import { ZIP_MAX_BYTES } from './commands.js'
import type { ThemeFile } from './files.js'
import { themeFilesFromZip } from './zip.js'

const ZIP_FIELD = ['input', 'zip'] as const
const STAGED_FIELD = ['input', 'stagedUploadId'] as const

/**
 * The files of a themeCreate with source ZIP, and where a bad file is reported: the zip comes
 * inline as base64 (small themes) or as a staged upload (up to 10 MB, past the request body
 * limit). Answers null for any other source; a zip given with another source is refused.
 */
export async function zipSourceFiles(
  input: ThemeCreateInput,
  env: PrepareEnv,
  storeId: string,
): Promise<{ files: ThemeFile[]; field: readonly (string | number)[] } | null> {
  const given = input.zip ? ZIP_FIELD : input.stagedUploadId ? STAGED_FIELD : null
  if (input.source !== 'ZIP') {
    if (given) throw badInput(given, `${given[1]} is read only with source ZIP; set source: ZIP or leave it out`)
    return null
  }
  if (input.zip && input.stagedUploadId)
    throw badInput(STAGED_FIELD, 'give the theme zip once: either zip (base64) or stagedUploadId, not both')
  if (input.zip) return { files: await themeFilesFromZip(input.zip, storeId, env.blobs, ZIP_FIELD), field: ZIP_FIELD }
  if (!input.stagedUploadId || !env.stagedUploads)
    throw badInput(
      ZIP_FIELD,
      'source ZIP needs the theme zip: zip (base64, for small themes) or stagedUploadId (a zip PUT to the url mediaStagedUploadCreate returned for mimeType application/zip)',
    )
  const bytes = await env.stagedUploads.read(storeId, input.stagedUploadId, STAGED_FIELD)
  if (bytes.byteLength > ZIP_MAX_BYTES)
    throw badInput(
      STAGED_FIELD,
      `the staged file is ${bytes.byteLength} bytes; a theme zip may be at most ${ZIP_MAX_BYTES} bytes (10 MB)`,
    )
  return { files: await themeFilesFromZip(bytes, storeId, env.blobs, STAGED_FIELD), field: STAGED_FIELD }
}
