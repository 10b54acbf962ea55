import { mediaServices } from '../../../infra/media/services.js'
import { dropStagedUpload } from '../../../infra/media/staged-uploads.js'
import type { Platform } from '../../platform.js'

/**
 * Drops a staged theme zip once themeCreate made a theme of it. A refused zip stays, so the
 * client may retry; the staged key carries the store id, so this never reaches another store's upload.
 */
export async function dropStagedThemeZip(platform: Platform, storeId: string, stagedUploadId: string): Promise<void> {
  await dropStagedUpload(mediaServices(platform).blobs, storeId, stagedUploadId)
}
