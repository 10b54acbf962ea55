import { mediaServices } from '../../../infra/media/services.js'
import { dropStagedUpload, takeStagedUpload } from '../../../infra/media/staged-uploads.js'
import type { Platform } from '../../platform.js'

/** The content type to stage a catalog import file with (`mediaStagedUploadCreate`). */
export const IMPORT_MIME_TYPE = 'application/x-ndjson'

/**
 * The text of a staged import file. The store id is part of the staged key, so another store's
 * upload id finds nothing, as an unknown one does.
 */
export async function readStagedImport(platform: Platform, storeId: string, stagedUploadId: string): Promise<string> {
  const staged = await takeStagedUpload(mediaServices(platform).blobs, storeId, stagedUploadId, [
    'input',
    'stagedUploadId',
  ])
  return staged.bytes.toString('utf8')
}

/** Drops the staged file once it was imported; a dry run keeps it for the real run. */
export async function dropStagedImport(platform: Platform, storeId: string, stagedUploadId: string): Promise<void> {
  await dropStagedUpload(mediaServices(platform).blobs, storeId, stagedUploadId)
}
