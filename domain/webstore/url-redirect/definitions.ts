import { deleteCommand } from '../../shared/delete-command.js'
import {
  defineCommand,
  type AnyCommandDefinition,
  type PrepareEnv,
  type UniquenessChange,
  storeWrite,
} from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { fold, deciderOf } from '../../shared/event.js'
import { reservationChanges } from '../../shared/reservations.js'
import { storeOf, onStoreEntity } from '../../shared/store-of.js'
import { givenFields } from '../../shared/strict-input.js'
import {
  urlRedirectCreateInput,
  urlRedirectDeleteInput,
  urlRedirectUpdateInput,
  type UrlRedirectCommand,
} from './commands.js'
import { decideUrlRedirect } from './decide.js'
import type { UrlRedirectEvent } from './events.js'
import { storefrontPathOf } from './path.js'
import { URL_REDIRECT_CATEGORY, redirectPathKey, urlRedirectStream } from './streams.js'
import { evolveUrlRedirect, initialUrlRedirectState, type UrlRedirectState } from './url-redirect.js'

export const urlRedirectDecider = deciderOf(initialUrlRedirectState, evolveUrlRedirect, decideUrlRedirect)

const WRITE = storeWrite(URL_REDIRECT_CATEGORY, 'webstore:write', {
  decider: urlRedirectDecider,
  uniqueness: urlRedirectPathReservations,
})
const onUrlRedirect = onStoreEntity<UrlRedirectCommand>(urlRedirectStream)

/** Chains are collapsed as they form (app/webstore/url-redirect/reactions.ts), so a loop shows within a hop or two. */
const MAX_HOPS = 10

/**
 * The path whose redirect leads back to `path` when a shopper follows `target` through the
 * store's redirects, or null. Read from the path reservations and the redirects' streams, which
 * are the authority, not from the read model.
 */
async function loopsVia(path: string, target: string, selfId: string, env: PrepareEnv): Promise<string | null> {
  const storeId = storeOf(env.ctx)
  let at = storefrontPathOf(target)
  for (let hop = 0; at !== null && hop < MAX_HOPS; hop++) {
    const owner = await env.reservationOwner(storeId, redirectPathKey(at))
    if (owner === null || owner === selfId) return null
    const state = await readUrlRedirect(storeId, owner, env)
    if (state.kind !== 'existing') return null
    const next = storefrontPathOf(state.redirect.target)
    if (next === path) return at
    at = next
  }
  return null
}

async function readUrlRedirect(storeId: string, urlRedirectId: string, env: PrepareEnv): Promise<UrlRedirectState> {
  const history = await env.readStream(urlRedirectStream(storeId, urlRedirectId))
  return fold(urlRedirectDecider, history as unknown as UrlRedirectEvent[])
}

/** Paths are claimed at creation, moved on change and freed at deletion; a taken one is CONFLICT on `path`. */
export function urlRedirectPathReservations(
  events: readonly UrlRedirectEvent[],
  _before: UrlRedirectState,
  ctx: DecideContext,
): UniquenessChange[] {
  const { claim, release } = reservationChanges(storeOf(ctx), redirectPathKey, ['input', 'path'])
  const taken = (path: string) =>
    `a redirect from '${path}' already exists in this store; update or delete it instead of adding another`
  return events.flatMap((event): UniquenessChange[] => {
    const id = event.data.urlRedirectId
    switch (event.type) {
      case 'UrlRedirectCreated':
        return [claim(event.data.path, id, taken(event.data.path))]
      case 'UrlRedirectPathChanged':
        return [release(event.data.from, id), claim(event.data.to, id, taken(event.data.to))]
      case 'UrlRedirectDeleted':
        return [release(event.data.path, id)]
      default:
        return []
    }
  })
}

export const urlRedirectCreate = defineCommand({
  name: 'urlRedirectCreate',
  tool: 'create_url_redirect',
  description:
    'Create a URL redirect: shoppers visiting path get a 301 to target. path is a storefront path such as ' +
    "'/products/old-shirt' (a locale prefix like '/fr/…' is part of it); it is stored normalized: host, query and fragment " +
    "dropped, trailing slash removed, lowercase. target is a storefront path ('/products/new-shirt', a query is kept) or an " +
    'absolute https:// URL. Redirects pointing at path are moved on to target, so chains never form. Changing the handle of ' +
    'a product, collection, page, blog or post adds a redirect by itself. Returns the redirect. Fails with CONFLICT when ' +
    'the store already has a redirect from path, and BAD_USER_INPUT when target leads back to path.',
  summary: 'Creates a URL redirect (301) from a storefront path.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: urlRedirectCreateInput,
  async prepare(input, env) {
    const urlRedirectId = env.newId()
    return onUrlRedirect(env, urlRedirectId, {
      type: 'UrlRedirectCreate',
      data: { urlRedirectId, ...input, loopsVia: await loopsVia(input.path, input.target, urlRedirectId, env) },
    })
  },
})

export const urlRedirectUpdate = defineCommand({
  name: 'urlRedirectUpdate',
  tool: 'update_url_redirect',
  description:
    'Change the path or the target of a URL redirect, found by id. Send only what should change; both are normalized as in ' +
    'create_url_redirect. Repeating a call changes nothing. Returns the redirect. Fails with NOT_FOUND when the id is ' +
    'unknown or deleted, CONFLICT when another redirect has the new path, and BAD_USER_INPUT when the target leads back.',
  summary: "Changes a URL redirect's path or target.",
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: urlRedirectUpdateInput,
  async prepare(input, env) {
    const { id, ...changes } = input
    const storeId = storeOf(env.ctx)
    const now = await readUrlRedirect(storeId, id, env)
    const current = now.kind === 'existing' ? now.redirect : null
    const path = input.path ?? current?.path
    const target = input.target ?? current?.target
    const loops = path && target ? await loopsVia(path, target, id, env) : null
    return onUrlRedirect(env, id, {
      type: 'UrlRedirectUpdate',
      data: { urlRedirectId: id, ...givenFields(changes), loopsVia: loops },
    })
  },
})

export const urlRedirectDelete = deleteCommand(WRITE, onUrlRedirect, 'UrlRedirectDelete', 'urlRedirectId', {
  name: 'urlRedirectDelete',
  tool: 'delete_url_redirect',
  description:
    'Delete a URL redirect, found by id: its path answers 404 again (or the live page, product … at that path). Automatic ' +
    'redirects from handle changes are deleted the same way. Returns the deleted id. Fails with NOT_FOUND when the id is ' +
    'unknown or already deleted.',
  summary: 'Deletes a URL redirect.',
  input: urlRedirectDeleteInput,
})

export const urlRedirectCommands: readonly AnyCommandDefinition[] = [
  urlRedirectCreate,
  urlRedirectUpdate,
  urlRedirectDelete,
]
