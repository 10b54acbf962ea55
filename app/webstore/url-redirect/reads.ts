import { normalizeRedirectPath } from '../../../domain/webstore/url-redirect/path.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  URL_REDIRECT_SORTS,
  findUrlRedirect,
  listUrlRedirects as listUrlRedirectRecords,
  type ListUrlRedirectsArgs,
} from '../../../projections/webstore/url-redirect/queries.js'
import type { Caller } from '../../caller.js'
import type { Platform } from '../../platform.js'
import { webstoreStore } from '../shared/store.js'
import { toUrlRedirectView, type UrlRedirectView } from './view.js'
import { viewLister } from '../../shared/store-reads.js'
import { orNotFound } from '../../shared/lookup.js'

export { URL_REDIRECT_SORTS }
export type { ListUrlRedirectsArgs }

/** One redirect by id, or null when the caller's store has none: a write's read-back. */
export async function findUrlRedirectView(caller: Caller, id: string): Promise<UrlRedirectView | null> {
  const redirect = await findUrlRedirect(caller.platform.database.db, webstoreStore(caller), { id })
  return redirect && toUrlRedirectView(redirect)
}

/** One redirect of the store by id; NOT_FOUND when the store has none (another store's redirect included). */
export async function readUrlRedirect(caller: Caller, lookup: { id: string }): Promise<UrlRedirectView> {
  const redirect = await orNotFound(
    findUrlRedirect(caller.platform.database.db, webstoreStore(caller), lookup),
    'URL redirect',
    lookup.id,
  )
  return toUrlRedirectView(redirect)
}

/** One page of the store's redirects, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listUrlRedirects = viewLister(webstoreStore, listUrlRedirectRecords, toUrlRedirectView)

/** A language with an optional region or script, as storefront locale prefixes are written: `fr`, `fr-ca`, `zh-hant`. */
const LOCALE_SEGMENT = /^[a-z]{2}(-[a-z0-9]{2,4})?$/

/**
 * Where the storefront sends a shopper who asked for `path` that no live resource answers, or
 * null. `path` is normalized as redirects are (host, query, trailing slash and case ignored).
 * A path with a locale prefix (`/fr/products/old`) matches its own redirect first, else the
 * redirect of the path without the prefix, whose storefront target then keeps the prefix
 * (`/fr/products/new`). Pass the store's `locales` to recognise prefixes exactly; without them,
 * a first segment shaped like a locale is taken as one. A post of a renamed blog follows its
 * blog's redirect, a product under a collection its own and the collection's. The storefront serves a live resource before asking: a redirect whose path
 * became a live handle again is shadowed, not deleted. The request's query is not carried over.
 *
 * @example await redirectFor(platform, storeId, '/Products/Old-Shirt/?utm_source=x') // '/products/new-shirt'
 */
export async function redirectFor(
  from: Platform | AnyDb,
  storeId: string,
  path: string,
  options: { locales?: readonly string[] } = {},
): Promise<string | null> {
  const db = 'selectFrom' in from ? from : from.database.db
  const normalized = normalizeRedirectPath(path)
  if (!normalized.ok) return null
  const exact = await lookup(db, storeId, normalized.value)
  if (exact !== null) return exact
  const [, prefix, ...rest] = normalized.value.split('/')
  const isLocale = options.locales
    ? options.locales.some((locale) => locale.toLowerCase() === prefix)
    : LOCALE_SEGMENT.test(prefix!)
  if (!isLocale || rest.length === 0) return null
  const target = await lookup(db, storeId, `/${rest.join('/')}`)
  if (target === null || !target.startsWith('/')) return target
  return `/${prefix}${target === '/' || /^\/[?#]/.test(target) ? target.slice(1) : target}`
}

/**
 * The target of the redirect from `path`. Without one, a nested path follows the redirects of its
 * parts: a post of a renamed blog (`/blogs/<blog>/<post>`) and a product seen through a collection
 * (`/collections/<collection>/products/<product>`) move with their blog, collection or product.
 */
async function lookup(db: AnyDb, storeId: string, path: string): Promise<string | null> {
  const exact = await targetOf(db, storeId, path)
  if (exact !== null) return exact
  const post = /^(\/blogs\/[^/]+)(\/[^/]+)$/.exec(path)
  if (post) {
    const blog = await pathTargetOf(db, storeId, post[1]!)
    return blog === null ? null : `${blog}${post[2]}`
  }
  const scoped = /^(\/collections\/[^/]+)(\/products\/[^/]+)$/.exec(path)
  if (!scoped) return null
  const [collectionTarget, product] = await Promise.all([
    pathTargetOf(db, storeId, scoped[1]!),
    targetOf(db, storeId, scoped[2]!),
  ])
  const collection = collectionTarget && /^\/collections\/[^/]+$/.test(collectionTarget) ? collectionTarget : null
  if (collection === null && product === null) return null
  // A product sent somewhere other than another product leaves the collection behind.
  if (product !== null && !/^\/products\/[^/?#]+$/.test(product)) return product
  return `${collection ?? scoped[1]}${product ?? scoped[2]}`
}

async function targetOf(db: AnyDb, storeId: string, path: string): Promise<string | null> {
  return (await findUrlRedirect(db, storeId, { path }))?.target ?? null
}

/** The target of the redirect from `path` when it is a plain storefront path, to which a sub-path can be appended. */
async function pathTargetOf(db: AnyDb, storeId: string, path: string): Promise<string | null> {
  const target = await targetOf(db, storeId, path)
  return target !== null && target.length > 1 && target.startsWith('/') && !/[?#]/.test(target) ? target : null
}
