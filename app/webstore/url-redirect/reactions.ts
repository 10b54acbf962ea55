import type { Reaction, ReactionCommand, ReactionEvent } from '../../../domain/shared/reaction.js'
import { storefrontPathOf } from '../../../domain/webstore/url-redirect/path.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { findBlog } from '../../../projections/webstore/blog/queries.js'
import { findUrlRedirect, urlRedirectIdsTo } from '../../../projections/webstore/url-redirect/queries.js'

/** What the redirect reactions read with: the read models, once they have reached an event. */
export interface RedirectReactionReads {
  db: AnyDb
  /** Resolves when every read model is at least as fresh as `position`; throws when they are not in time (the event is retried). */
  freshAt(position: string): Promise<void>
}

/** Handle-changed events of the resources the storefront serves under a handle, and the path prefix of each. */
const HANDLE_PATHS: Record<string, string> = {
  ProductHandleChanged: '/products/',
  CollectionHandleChanged: '/collections/',
  PageHandleChanged: '/pages/',
  BlogHandleChanged: '/blogs/',
  PostHandleChanged: '/blogs/',
}

/**
 * The storefront reactions of URL redirects, both writing through the registry as the system
 * actor so each redirect is audited and deletable like a manual one:
 *
 * - a changed handle adds a redirect from the old path to the new one (`/products/old` →
 *   `/products/new`); a redirect already at the old path is pointed at the new one, and one at
 *   the new path leading back to the old is deleted: the resource is live there again, and the
 *   two would loop;
 * - a redirect from a path moves every redirect pointing at that path on to its target, so
 *   A→B then B→C leaves A→C and B→C and a shopper never follows two hops.
 *
 * Both read the url_redirects read model once it has reached the event, and both are idempotent:
 * a replayed event finds its redirects already in place and changes nothing.
 */
export function urlRedirectReactions(reads: RedirectReactionReads): readonly Reaction[] {
  return [
    {
      name: 'redirect-changed-handles',
      eventTypes: Object.keys(HANDLE_PATHS),
      scopes: ['webstore:write'],
      // A shopper at the old URL right after the change gets the redirect, never a 404.
      partOfTheWrite: true,
      react: (event) => redirectChangedHandle(reads, event),
    },
    {
      name: 'collapse-url-redirect-chains',
      eventTypes: ['UrlRedirectCreated', 'UrlRedirectPathChanged'],
      scopes: ['webstore:write'],
      react: (event) => collapseChain(reads, event),
    },
  ]
}

async function redirectChangedHandle(reads: RedirectReactionReads, event: ReactionEvent): Promise<ReactionCommand[]> {
  const { storeId } = event
  const base = await basePath(reads, event)
  if (!storeId || base === null) return []
  await reads.freshAt(event.position)
  const from = `${base}${String(event.data.from)}`
  const to = `${base}${String(event.data.to)}`
  const command = (name: string, input: unknown): ReactionCommand => ({
    command: name,
    input,
    organizationId: event.organizationId,
    storeId,
  })
  const commands: ReactionCommand[] = []
  const atNew = await findUrlRedirect(reads.db, storeId, { path: to })
  if (atNew && storefrontPathOf(atNew.target) === from) commands.push(command('urlRedirectDelete', { id: atNew.id }))
  const atOld = await findUrlRedirect(reads.db, storeId, { path: from })
  commands.push(
    atOld
      ? command('urlRedirectUpdate', { id: atOld.id, target: to })
      : command('urlRedirectCreate', { path: from, target: to }),
  )
  return commands
}

/** `/products/` and the like; a post's path names its blog's handle, null when the blog is gone. */
async function basePath(reads: RedirectReactionReads, event: ReactionEvent): Promise<string | null> {
  const prefix = HANDLE_PATHS[event.type]
  if (prefix === undefined || !event.storeId) return null
  if (event.type !== 'PostHandleChanged') return prefix
  const blog = await findBlog(reads.db, event.storeId, { id: String(event.data.blogId) })
  return blog ? `${prefix}${blog.handle}/` : null
}

async function collapseChain(reads: RedirectReactionReads, event: ReactionEvent): Promise<ReactionCommand[]> {
  const { storeId } = event
  if (!storeId) return []
  await reads.freshAt(event.position)
  const redirect = await findUrlRedirect(reads.db, storeId, { id: String(event.data.urlRedirectId) })
  if (!redirect) return []
  const pointing = await urlRedirectIdsTo(reads.db, storeId, redirect.path)
  return pointing
    .filter((id) => id !== redirect.id)
    .map((id) => ({
      command: 'urlRedirectUpdate',
      input: { id, target: redirect.target },
      organizationId: event.organizationId,
      storeId,
    }))
}
