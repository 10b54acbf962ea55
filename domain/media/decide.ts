import { conflict, notFound } from '../shared/errors.js'
import type { MediaCommand, MediaCreate, MediaDelete, MediaUpdate } from './commands.js'
import type { MediaEvent, MediaFields } from './events.js'
import type { MediaState } from './media.js'

/** Pure: the answer depends on the command and the media's history only. */
export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'MediaCreate':
      return create(command, state)
    case 'MediaUpdate':
      return update(command, state)
    case 'MediaDelete':
      return remove(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: MediaCreate, state: MediaState): MediaEvent[] {
  // Ids are generated per command, so this only happens when a retry reuses one.
  if (state.kind !== 'empty')
    throw conflict(`media '${command.data.mediaId}' already exists; use mediaUpdate to change it`)
  return [{ type: 'MediaCreated', data: { ...command.data } }]
}

function update(command: MediaUpdate, state: MediaState): MediaEvent[] {
  const media = live(state, command.data.mediaId)
  if (command.data.alt === media.alt) return []
  return [{ type: 'MediaAltChanged', data: { mediaId: media.mediaId, alt: command.data.alt } }]
}

function remove(command: MediaDelete, state: MediaState): MediaEvent[] {
  const media = live(state, command.data.mediaId)
  return [{ type: 'MediaDeleted', data: { mediaId: media.mediaId, hash: media.hash } }]
}

/** Another store's media lives in a stream named after that store, so here it is simply not found. */
function live(state: MediaState, mediaId: string): MediaFields {
  if (state.kind !== 'existing') throw notFound('media', mediaId)
  return state.media
}
