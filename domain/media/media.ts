import { evolveLifecycle } from '../shared/lifecycle.js'
import type { MediaEvent, MediaFields } from './events.js'

/** A media stream is empty, holds a live media, or ends in a deletion; ids are never reused. */
export type MediaState =
  { kind: 'empty' } | { kind: 'existing'; media: MediaFields } | { kind: 'deleted'; mediaId: string }

export const initialMediaState = (): MediaState => ({ kind: 'empty' })

const MEDIA = { name: 'media', id: 'mediaId', created: 'MediaCreated', deleted: 'MediaDeleted' } as const

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  return evolveLifecycle(state, event, MEDIA, (data) => ({ ...data }), {
    MediaAltChanged: (media, { alt }) => ({ ...media, alt }),
  })
}
