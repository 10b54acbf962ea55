import type { StagedUploadReader } from '../../domain/shared/command.js'
import { badInput } from '../../domain/shared/errors.js'
import { blobKeys } from './storage/keys.js'
import type { BlobStore } from './storage/port.js'

/**
 * A staged upload waits under `staged/<storeId>/<uploadId>`: its file name from the moment the
 * URL is handed out, its bytes once they are PUT. `mediaCreate(input: {stagedUploadId})` takes
 * both through the media pipeline and drops them. The store id in the key keeps another store
 * from taking them.
 */
export async function announceStagedUpload(
  blobs: BlobStore,
  storeId: string,
  uploadId: string,
  filename: string,
): Promise<void> {
  await blobs.put(
    `${blobKeys.staged(storeId, uploadId)}.json`,
    Buffer.from(JSON.stringify({ filename })),
    'application/json',
  )
}

export async function keepStagedUpload(
  blobs: BlobStore,
  storeId: string,
  uploadId: string,
  bytes: Buffer,
): Promise<void> {
  await blobs.put(blobKeys.staged(storeId, uploadId), bytes, 'application/octet-stream')
}

export async function takeStagedUpload(
  blobs: BlobStore,
  storeId: string,
  uploadId: string,
  field: readonly (string | number)[],
): Promise<{ bytes: Buffer; filename: string }> {
  const key = blobKeys.staged(storeId, uploadId.toLowerCase())
  const [bytes, meta] = /^[0-9a-f-]{36}$/i.test(uploadId)
    ? await Promise.all([blobs.get(key), blobs.get(`${key}.json`)])
    : [null, null]
  if (!bytes || !meta) {
    throw badInput(
      field,
      `nothing was uploaded for stagedUploadId '${uploadId}' in this store; PUT the file to the url mediaStagedUploadCreate returned (it works for 15 minutes), then call mediaCreate (or themeCreate for a theme zip)`,
    )
  }
  return { bytes, filename: (JSON.parse(meta.toString('utf8')) as { filename: string }).filename }
}

export async function dropStagedUpload(blobs: BlobStore, storeId: string, uploadId: string): Promise<void> {
  const key = blobKeys.staged(storeId, uploadId.toLowerCase())
  await blobs.delete(key)
  await blobs.delete(`${key}.json`)
}

/** What commands get in `prepare` to read a staged upload; taking it leaves it in place, the transport drops it once the write succeeded. */
export function stagedUploadReader(blobs: BlobStore): StagedUploadReader {
  return {
    read: async (storeId, uploadId, field) => (await takeStagedUpload(blobs, storeId, uploadId, field)).bytes,
  }
}
