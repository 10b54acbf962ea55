import { z } from 'zod'
import { MEDIA_KINDS, MEDIA_MIME_TYPES } from '../../domain/media/events.js'
import { MEDIA_CATEGORY } from '../../domain/media/streams.js'
import { mediaPath } from '../../app/media/ingest.js'
import { findMedia, type MediaRecord } from '../../projections/media/queries.js'
import { isoString } from '../shared/lists.js'
import type { ResourceView } from '../shared/view.js'

/** A media as the MCP tools return it: the GraphQL `Media` fields, times as ISO-8601 strings. */
export const mediaSchema = z.object({
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

export type MediaJson = z.infer<typeof mediaSchema>

/** Field by field, so a column the read model gains does not reach clients until the schema says so. */
export function mediaJson(media: MediaRecord): MediaJson {
  const { id, kind, mimeType, filename, alt, width, height, bytes, hash, revision } = media
  const times = { createdAt: isoString(media.createdAt), updatedAt: isoString(media.updatedAt) }
  return { id, kind, mimeType, filename, alt, width, height, bytes, hash, url: mediaPath(media), ...times, revision }
}

/** `update_media` answers with the media as the read model has it after the change. */
export const mediaView: ResourceView = {
  resource: MEDIA_CATEGORY,
  readTool: 'get_media',
  schema: mediaSchema,
  async read(session, id) {
    if (!session.store) return null
    const media = await findMedia(session.platform.database.db, session.store.id, id)
    return media ? mediaJson(media) : null
  },
}
