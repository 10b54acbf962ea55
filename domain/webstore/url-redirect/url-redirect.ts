import { evolveLifecycle } from '../../shared/lifecycle.js'
import type { UrlRedirectEvent, UrlRedirectFields } from './events.js'

/** A redirect stream is empty, holds a live redirect, or ends in a deletion (ids are never reused). */
export type UrlRedirectState =
  { kind: 'empty' } | { kind: 'existing'; redirect: UrlRedirectFields } | { kind: 'deleted'; urlRedirectId: string }

export const initialUrlRedirectState = (): UrlRedirectState => ({ kind: 'empty' })

const REDIRECT = {
  name: 'redirect',
  id: 'urlRedirectId',
  created: 'UrlRedirectCreated',
  deleted: 'UrlRedirectDeleted',
} as const

export function evolveUrlRedirect(state: UrlRedirectState, event: UrlRedirectEvent): UrlRedirectState {
  return evolveLifecycle(state, event, REDIRECT, (data) => ({ ...data }), {
    UrlRedirectPathChanged: (redirect, { to }) => ({ ...redirect, path: to }),
    UrlRedirectTargetChanged: (redirect, { to }) => ({ ...redirect, target: to }),
  })
}
