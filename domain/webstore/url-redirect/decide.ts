import { badInput, conflict, notFound } from '../../shared/errors.js'
import type { UrlRedirectCommand, UrlRedirectCreate } from './commands.js'
import type { UrlRedirectEvent, UrlRedirectFields } from './events.js'
import { storefrontPathOf } from './path.js'
import type { UrlRedirectState } from './url-redirect.js'

/** Pure: the answer depends on the command, the redirect's history and the chain facts `prepare` gathered. */
export function decideUrlRedirect(command: UrlRedirectCommand, state: UrlRedirectState): UrlRedirectEvent[] {
  switch (command.type) {
    case 'UrlRedirectCreate':
      return create(command, state)
    case 'UrlRedirectUpdate': {
      const redirect = live(state, command.data.urlRedirectId)
      const { urlRedirectId, path = redirect.path, target = redirect.target, loopsVia } = command.data
      refuseLoops(path, target, loopsVia)
      const events: UrlRedirectEvent[] = []
      if (path !== redirect.path)
        events.push({ type: 'UrlRedirectPathChanged', data: { urlRedirectId, from: redirect.path, to: path } })
      if (target !== redirect.target)
        events.push({ type: 'UrlRedirectTargetChanged', data: { urlRedirectId, from: redirect.target, to: target } })
      return events
    }
    case 'UrlRedirectDelete': {
      const redirect = live(state, command.data.urlRedirectId)
      return [{ type: 'UrlRedirectDeleted', data: { urlRedirectId: redirect.urlRedirectId, path: redirect.path } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: UrlRedirectCreate, state: UrlRedirectState): UrlRedirectEvent[] {
  const { urlRedirectId, path, target, loopsVia } = command.data
  if (state.kind !== 'empty')
    throw conflict(`URL redirect '${urlRedirectId}' already exists; use urlRedirectUpdate to change it`)
  refuseLoops(path, target, loopsVia)
  return [{ type: 'UrlRedirectCreated', data: { urlRedirectId, path, target } }]
}

/** A shopper following the redirect must arrive somewhere: never back where they started. */
function refuseLoops(path: string, target: string, loopsVia: string | null): void {
  if (storefrontPathOf(target) === path)
    throw badInput(
      ['input', 'target'],
      `a redirect from '${path}' may not point to that same path; choose another target`,
    )
  if (loopsVia !== null)
    throw badInput(
      ['input', 'target'],
      `a redirect from '${path}' to '${target}' would loop: '${loopsVia}' already leads back to '${path}'; ` +
        'change or delete that redirect first',
    )
}

/** Another store's redirect lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: UrlRedirectState, urlRedirectId: string): UrlRedirectFields {
  if (state.kind !== 'existing') throw notFound('URL redirect', urlRedirectId)
  return state.redirect
}
