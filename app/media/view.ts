import { z } from 'zod'
import { MEDIA_EXTENSIONS, MEDIA_KINDS, MEDIA_MIME_TYPES } from '../../domain/media/events.js'
import { badInput } from '../../domain/shared/errors.js'
import { VARIANT_WIDTHS } from '../../infra/media/variants.js'
import type { MediaRecord } from '../../projections/media/queries.js'
import { isoString } from '../shared/connection.js'

/** A media as GraphQL's `Media` and the MCP tools serve it: its fields, its URL, times as ISO-8601 strings. */
export const mediaViewSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS).describe('IMAGE (resizable) or FILE (a PDF).'),
  mimeType: z.enum(MEDIA_MIME_TYPES).describe('The type judged from the bytes, never from the name.'),
  filename: z.string().describe('The name shown in the library; its extension matches the type.'),
  alt: z.string().describe('Describes the image for people who cannot see it; empty when not set.'),
  width: z.number().int().nullable().describe('Pixels; null for files.'),
  height: z.number().int().nullable(),
  bytes: z.number().int().describe('Size of the stored bytes.'),
  hash: z.string().describe('SHA-256 of the stored bytes, hex.'),
  url: z
    .string()
    .describe(
      'Where the bytes are served, relative to this server: /storage/<storeId>/<hash>.<ext>. Images take ?w=160|320|640|960|1280|1920|2560 and ?format=webp|avif.',
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int().describe("Revision of the media's stream after its last change (0 after upload)."),
})

export type MediaView = z.infer<typeof mediaViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toMediaView(media: MediaRecord): MediaView {
  const { id, kind, mimeType, filename, alt, width, height, bytes, hash, revision } = media
  const times = { createdAt: isoString(media.createdAt), updatedAt: isoString(media.updatedAt) }
  return { id, kind, mimeType, filename, alt, width, height, bytes, hash, url: mediaPath(media), ...times, revision }
}

/** `/storage/<storeId>/<hash>.<ext>`: where a media is served. */
export function mediaPath(media: Pick<MediaRecord, 'storeId' | 'hash' | 'mimeType'>): string {
  return `/storage/${media.storeId}/${media.hash}.${MEDIA_EXTENSIONS[media.mimeType]}`
}

/**
 * The URL of a size or format of an image (GraphQL's `Media.urlFor`): a width the storage serves,
 * WEBP or AVIF; BAD_USER_INPUT for files and other widths.
 */
export function mediaUrlFor(
  media: Pick<MediaView, 'url' | 'kind' | 'filename' | 'mimeType'>,
  args: { width?: number | null; format?: 'WEBP' | 'AVIF' | null },
): string {
  if (media.kind !== 'IMAGE')
    throw badInput(['format'], `only images have sizes and formats; '${media.filename}' is a ${media.mimeType} file`)
  if (args.width != null && !(VARIANT_WIDTHS as readonly number[]).includes(args.width)) {
    throw badInput(['width'], `width must be one of ${VARIANT_WIDTHS.join(', ')}; got ${args.width}`)
  }
  const query = [args.width != null ? `w=${args.width}` : '', args.format ? `format=${args.format.toLowerCase()}` : '']
    .filter(Boolean)
    .join('&')
  return query ? `${media.url}?${query}` : media.url
}
