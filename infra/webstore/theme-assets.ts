import type { BlobWriter } from '../../domain/shared/command.js'
import type { BlobStore } from '../media/storage/port.js'

/**
 * Binary theme assets live beside the store's media, content-addressed, under a prefix of their
 * own: deleting a media with the same bytes must not take a theme's logo with it.
 */
export function themeAssetKey(storeId: string, hash: string): string {
  return `${storeId}/theme-assets/${hash}`
}

/** The blob writer commands get in `prepare`: identical bytes are stored once. */
export function themeAssetWriter(blobs: BlobStore): BlobWriter {
  return {
    async put(storeId, hash, bytes, contentType) {
      const key = themeAssetKey(storeId, hash)
      if (!(await blobs.has(key))) await blobs.put(key, Buffer.from(bytes), contentType)
    },
  }
}
