import type { MediaEvent, MediaFields } from './events.js'

/** A media stream is empty, holds a live media, or ends in a deletion; ids are never reused. */
export type MediaState =
  { kind: 'empty' } | { kind: 'existing'; media: MediaFields } | { kind: 'deleted'; mediaId: string }

export const initialMediaState = (): MediaState => ({ kind: 'empty' })

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  if (event.type === 'MediaCreated') return { kind: 'existing', media: { ...event.data } }
  if (state.kind !== 'existing') return state
  switch (event.type) {
    case 'MediaAltChanged':
      return { kind: 'existing', media: { ...state.media, alt: event.data.alt } }
    case 'MediaDeleted':
      return { kind: 'deleted', mediaId: state.media.mediaId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
