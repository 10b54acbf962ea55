import { streamName } from '../shared/streams.js'

export const MEDIA_CATEGORY = 'media'

/** `media-<storeId>_<mediaId>`. */
export function mediaStream(storeId: string, mediaId: string): string {
  return streamName(MEDIA_CATEGORY, storeId, mediaId)
}

/**
 * A media's id is reserved under its store while the media lives (claimed at creation, released
 * at deletion). Commands on other streams — attaching media to a product — check existence
 * against this reservation in the event store instead of a read model that may lag, and an id
 * of another store is simply not reserved in this one.
 */
export function liveMediaKey(mediaId: string): string {
  return `media:${mediaId}`
}
