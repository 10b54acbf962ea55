import { v7 as uuidv7 } from 'uuid'
import { filename as filenameSchema } from '../../domain/media/commands.js'
import { mediaCreate } from '../../domain/media/service-definitions.js'
import { MEDIA_MIME_TYPES } from '../../domain/media/events.js'
import { commandScopesText, grantsCommand } from '../../domain/shared/command.js'
import { DomainError, badInput } from '../../domain/shared/errors.js'
import { formatBytes } from '../../domain/shared/bytes.js'
import { mediaServices } from '../../infra/media/services.js'
import { STAGED_UPLOAD_TTL_MS, signStagedUpload } from '../../infra/media/staged-token.js'
import { announceStagedUpload, dropStagedUpload, takeStagedUpload } from '../../infra/media/staged-uploads.js'
import { commandContext, requireStore, type Caller } from '../caller.js'
import { IMPORT_MIME_TYPE } from '../catalog/import/staged.js'
import { ZIP_MAX_BYTES } from '../../domain/webstore/theme/commands.js'

/** The content type to stage a theme zip with, for `themeCreate(input: {source: ZIP, stagedUploadId})`. */
export const THEME_ZIP_MIME_TYPE = 'application/zip'
import { ingestMedia, type IngestedMedia } from './ingest.js'

/** Checked before any bytes are read or stored, with the same rule the registry applies. */
export function requireUpload(caller: Caller): string {
  if (!grantsCommand(caller.principal.scopes, mediaCreate)) {
    throw new DomainError(
      'FORBIDDEN',
      `uploading media needs the ${commandScopesText(mediaCreate)} scope, which this credential does not have`,
    )
  }
  return requireStore(caller).id
}

export interface StagedUpload {
  stagedUploadId: string
  /** Where to PUT the bytes, under `origin`. */
  url: string
  method: 'PUT'
  expiresAt: Date
}

/**
 * A signed place to PUT a file's bytes to (`/storage/uploads/<token>`), for a file too large for
 * one GraphQL request; `mediaCreate(stagedUploadId)` or `productsImport` then takes it.
 */
export async function stageUpload(
  caller: Caller,
  input: { filename: string; mimeType: string; fileSize: number },
  origin: string,
): Promise<StagedUpload> {
  const storeId = requireUpload(caller)
  const services = mediaServices(caller.platform)
  const filename = filenameSchema.safeParse(input.filename)
  if (!filename.success) throw badInput(['input', 'filename'], filename.error.issues[0]!.message)
  // A catalog import file (productsImport) and a theme zip (themeCreate) are staged the same way; they never become media.
  const themeZip = input.mimeType === THEME_ZIP_MIME_TYPE
  if (
    !(MEDIA_MIME_TYPES as readonly string[]).includes(input.mimeType) &&
    input.mimeType !== IMPORT_MIME_TYPE &&
    !themeZip
  ) {
    const svg = /svg/i.test(input.mimeType) ? 'SVG images are refused because they can carry scripts; ' : ''
    throw badInput(
      ['input', 'mimeType'],
      `${svg}mimeType must be one of ${MEDIA_MIME_TYPES.join(', ')} (or ${IMPORT_MIME_TYPE} for productsImport, ${THEME_ZIP_MIME_TYPE} for themeCreate); got '${input.mimeType.slice(0, 60)}'`,
    )
  }
  const maxBytes = themeZip ? ZIP_MAX_BYTES : services.maxBytes
  if (!Number.isInteger(input.fileSize) || input.fileSize < 1 || input.fileSize > maxBytes) {
    throw badInput(
      ['input', 'fileSize'],
      `fileSize must be between 1 byte and the ${formatBytes(maxBytes)} limit${themeZip ? ' of a theme zip' : ''}; got ${input.fileSize}`,
    )
  }
  const stagedUploadId = uuidv7()
  const expiresAt = new Date(Date.now() + STAGED_UPLOAD_TTL_MS)
  const token = signStagedUpload(await services.signingKey(), {
    storeId,
    uploadId: stagedUploadId,
    fileSize: input.fileSize,
    expiresAt,
  })
  await announceStagedUpload(services.blobs, storeId, stagedUploadId, filename.data)
  return { stagedUploadId, url: `${origin}/storage/uploads/${token}`, method: 'PUT', expiresAt }
}

/**
 * The media pipeline over the bytes of a staged upload. Bytes the pipeline refused are dropped
 * with the upload; anything else (a busy database) leaves them for a retry.
 */
export async function ingestStagedUpload(
  caller: Caller,
  input: { stagedUploadId: string; alt?: string | null; filename?: string | null },
): Promise<IngestedMedia> {
  const storeId = requireUpload(caller)
  const { blobs } = mediaServices(caller.platform)
  const field = ['input', 'stagedUploadId']
  const staged = await takeStagedUpload(blobs, storeId, input.stagedUploadId, field)
  let result
  try {
    result = await ingestMedia(caller.platform, commandContext(caller), {
      bytes: staged.bytes,
      filename: input.filename ?? staged.filename,
      alt: input.alt,
      field,
    })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'BAD_USER_INPUT' && error.field?.join('.') === field.join('.')) {
      await dropStagedUpload(blobs, storeId, input.stagedUploadId)
    }
    throw error
  }
  await dropStagedUpload(blobs, storeId, input.stagedUploadId)
  return result
}
