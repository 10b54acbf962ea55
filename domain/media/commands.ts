import { z } from 'zod'
import { strictInput } from '../shared/strict-input.js'
import { entityId, textInput } from '../shared/input-types.js'
import { MEDIA_KINDS, MEDIA_MIME_TYPES, type MediaFields } from './events.js'
import { MEDIA_CATEGORY } from './streams.js'

/** Product images and web store content both draw on the media library: the commands and services that write it. */
export const MEDIA_WRITE = {
  resource: MEDIA_CATEGORY,
  scope: 'products:write',
  alsoGrantedBy: ['webstore:write'],
  storeScoped: true,
} as const

export const ALT_MAX_LENGTH = 512
export const FILENAME_MAX_LENGTH = 255

const mediaId = entityId('media').describe('The media id returned when the file was uploaded (a UUID).')

export const alt = textInput('alt', ALT_MAX_LENGTH).describe(
  'Text that describes the image for people who cannot see it and for search engines; an empty string clears it.',
)

/** Without C0 control characters and DEL, which have no place in a name shown to people. */
export function stripControlCharacters(text: string): string {
  return [...text].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join('')
}

export const filename = z
  .string({ error: 'filename must be a string' })
  .trim()
  .min(1, 'filename must not be empty')
  .max(FILENAME_MAX_LENGTH, `filename must be at most ${FILENAME_MAX_LENGTH} characters`)
  .refine(
    (name) => !/[/\\]/.test(name) && stripControlCharacters(name) === name,
    'filename must not contain slashes or control characters',
  )
  .describe('The file name shown in the media library, e.g. "red-shirt.jpg".')

/**
 * What the media pipeline hands the registry after it sniffed, checked and stored the bytes.
 * No transport takes this from a client: the hash, type and size are facts about stored bytes.
 */
export const mediaRecordInput = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'hash must be the sha256 of the stored bytes in lowercase hex'),
  mimeType: z.enum(MEDIA_MIME_TYPES, { error: `mimeType must be one of ${MEDIA_MIME_TYPES.join(', ')}` }),
  kind: z.enum(MEDIA_KINDS, { error: `kind must be one of ${MEDIA_KINDS.join(', ')}` }),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  bytes: z.number().int().positive(),
  filename,
  alt: alt.nullish(),
})

export const mediaUpdateInput = strictInput('mediaUpdate', { id: mediaId, alt })

export const mediaRecordDeleteInput = strictInput('mediaRecordDelete', { id: mediaId })

export type MediaRecordInput = z.output<typeof mediaRecordInput>
export type MediaUpdateInput = z.output<typeof mediaUpdateInput>
export type MediaRecordDeleteInput = z.output<typeof mediaRecordDeleteInput>

export type MediaCreate = { type: 'MediaCreate'; data: MediaFields }
export type MediaUpdate = { type: 'MediaUpdate'; data: { mediaId: string; alt: string } }
export type MediaDelete = { type: 'MediaDelete'; data: { mediaId: string } }

export type MediaCommand = MediaCreate | MediaUpdate | MediaDelete
