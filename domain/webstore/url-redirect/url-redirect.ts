import type { UrlRedirectEvent, UrlRedirectFields } from './events.js'

/** A redirect stream is empty, holds a live redirect, or ends in a deletion (ids are never reused). */
export type UrlRedirectState =
  { kind: 'empty' } | { kind: 'existing'; redirect: UrlRedirectFields } | { kind: 'deleted'; urlRedirectId: string }

export const initialUrlRedirectState = (): UrlRedirectState => ({ kind: 'empty' })

export function evolveUrlRedirect(state: UrlRedirectState, event: UrlRedirectEvent): UrlRedirectState {
  if (event.type === 'UrlRedirectCreated') return { kind: 'existing', redirect: { ...event.data } }
  if (state.kind !== 'existing') return state
  const redirect = state.redirect
  switch (event.type) {
    case 'UrlRedirectPathChanged':
      return { kind: 'existing', redirect: { ...redirect, path: event.data.to } }
    case 'UrlRedirectTargetChanged':
      return { kind: 'existing', redirect: { ...redirect, target: event.data.to } }
    case 'UrlRedirectDeleted':
      return { kind: 'deleted', urlRedirectId: redirect.urlRedirectId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
