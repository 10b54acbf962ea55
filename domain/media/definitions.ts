import { defineCommand, type AnyCommandDefinition, type UniquenessChange } from '../shared/command.js'
import type { DecideContext } from '../shared/context.js'
import { deciderOf } from '../shared/event.js'
import {
  MEDIA_WRITE,
  mediaRecordDeleteInput,
  mediaRecordInput,
  mediaUpdateInput,
  type MediaCommand,
} from './commands.js'
import { decideMedia } from './decide.js'
import type { MediaEvent } from './events.js'
import { evolveMedia, initialMediaState, type MediaState } from './media.js'
import { liveMediaKey, mediaStream } from './streams.js'
import { reservationChanges } from '../shared/reservations.js'
import { storeOf, onStoreEntity } from '../shared/store-of.js'

export const mediaDecider = deciderOf(initialMediaState, evolveMedia, decideMedia)

/** What every media command decides with; a media's id is reserved while it lives, which only records and deletes change. */
const MEDIA = { ...MEDIA_WRITE, decider: mediaDecider, uniqueness: liveMediaReservation }
const onMedia = onStoreEntity<MediaCommand>(mediaStream)

/**
 * Records a file the media pipeline has already sniffed, checked, re-encoded and stored. Its
 * input is facts about stored bytes, so no transport offers it raw: the `mediaCreate`,
 * `mediaCreateFromUrl` and `mediaUpload` services (`service-definitions.ts`) reach it through
 * `ingestMedia`, which produces those facts.
 */
export const mediaRecord = defineCommand({
  name: 'mediaRecord',
  tool: 'record_media',
  description:
    'Record a stored file in the media library of the current store: an image (JPEG, PNG, WebP, AVIF, GIF) or a PDF, ' +
    'with its alt text. Returns the new media.',
  ...MEDIA,
  transports: [],
  annotations: { destructive: false, idempotent: false },
  input: mediaRecordInput,
  prepare(input, env) {
    const mediaId = env.newId()
    return onMedia(env, mediaId, { type: 'MediaCreate', data: { mediaId, ...input, alt: input.alt ?? '' } })
  },
})

export const mediaUpdate = defineCommand({
  name: 'mediaUpdate',
  tool: 'update_media',
  description:
    'Change the alt text of a media (an image or file of the media library), found by id. Alt text describes the image for ' +
    'people who cannot see it; an empty string clears it. Sending the alt text it already has changes nothing. Returns the ' +
    'media. Fails with NOT_FOUND when the id is unknown or deleted.',
  ...MEDIA,
  transports: ['graphql', 'mcp', 'cli'],
  annotations: { destructive: false, idempotent: true },
  input: mediaUpdateInput,
  prepare(input, env) {
    return onMedia(env, input.id, { type: 'MediaUpdate', data: { mediaId: input.id, alt: input.alt } })
  },
})

/**
 * Deletes the media record only. Whether it is still attached to products is a question for the
 * read model, which this command cannot ask, so transports reach it through the `mediaDelete`
 * service (`mediaDeleteService`), which refuses (or, forced, first detaches) media in use.
 */
export const mediaRecordDelete = defineCommand({
  name: 'mediaRecordDelete',
  tool: 'delete_media_record',
  description:
    'Delete a media of the media library, found by id, for good. Returns the deleted id. Fails with NOT_FOUND when the id ' +
    'is unknown or already deleted.',
  ...MEDIA,
  transports: [],
  annotations: { destructive: true, idempotent: false },
  input: mediaRecordDeleteInput,
  prepare(input, env) {
    return onMedia(env, input.id, { type: 'MediaDelete', data: { mediaId: input.id } })
  },
})

export const mediaCommands: readonly AnyCommandDefinition[] = [mediaRecord, mediaUpdate, mediaRecordDelete]

/** Reserves a media's id in its store while it lives (see `liveMediaKey`). */
export function liveMediaReservation(
  events: readonly MediaEvent[],
  _before: MediaState,
  ctx: DecideContext,
): UniquenessChange[] {
  const { claim, release } = reservationChanges(storeOf(ctx), liveMediaKey, ['input'])
  return events.flatMap((event): UniquenessChange[] => {
    const { mediaId } = event.data
    if (event.type === 'MediaCreated') return [claim(mediaId, mediaId, `media '${mediaId}' already exists`)]
    if (event.type === 'MediaDeleted') return [release(mediaId, mediaId)]
    return []
  })
}
