import { eventTypes, type DomainEvent } from '../shared/event.js'

/** IMAGE: decoded, re-encoded and resizable. FILE: stored as uploaded (PDF). */
export const MEDIA_KINDS = ['IMAGE', 'FILE'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** The types a media may have, always as sniffed from its bytes. SVG is absent on purpose: it can carry scripts. */
export const MEDIA_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'application/pdf',
] as const
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number]

/** The extension a media's URL and file name end in, by type. */
export const MEDIA_EXTENSIONS: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
}

export function mediaKindOf(mimeType: MediaMimeType): MediaKind {
  return mimeType === 'application/pdf' ? 'FILE' : 'IMAGE'
}

/**
 * Everything a media holds; `hash` is the sha256 of the stored bytes, which is also their
 * storage key, so identical files share one blob. Width and height are null for files.
 */
export type MediaFields = {
  mediaId: string
  hash: string
  mimeType: MediaMimeType
  kind: MediaKind
  width: number | null
  height: number | null
  bytes: number
  filename: string
  alt: string
}

export type MediaCreated = DomainEvent<'MediaCreated', MediaFields>
export type MediaAltChanged = DomainEvent<'MediaAltChanged', { mediaId: string; alt: string }>
/** Carries the hash so a blob sweeper can tell which blobs lost a user without reading the stream. */
export type MediaDeleted = DomainEvent<'MediaDeleted', { mediaId: string; hash: string }>

export type MediaEvent = MediaCreated | MediaAltChanged | MediaDeleted

export const MEDIA_EVENT_TYPES = eventTypes<MediaEvent>({
  MediaCreated: true,
  MediaAltChanged: true,
  MediaDeleted: true,
})
