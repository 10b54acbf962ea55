import { parseStreamName } from '../../../domain/shared/streams.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { PurgeRequest } from '../../../infra/cache/storefront-cache.js'
import { localeShapedPrefix } from '../locale.js'
import { storefrontTags as tags } from './tags.js'

/** What a change to one resource of a category touches: its own tag and the lists it may be on. */
const TAGS_OF_CATEGORY: Record<string, (id: string) => string[]> = {
  product: (id) => [tags.product(id), tags.products],
  collection: (id) => [tags.collection(id), tags.collections, tags.products],
  categoryproducts: (id) => [tags.category(id), tags.products],
  page: (id) => [tags.page(id), tags.pages],
  blog: (id) => [tags.blog(id), tags.blogs],
  post: (id) => [tags.post(id), tags.posts],
  urlredirect: () => [tags.redirects],
}

/**
 * Whatever every page may show: the theme (layout, sections, settings), the menus of its header and
 * footer and the category tree their links follow, the store's name, locales and settings, its
 * domains, translations, media (alt texts, the pictures of menus and sections), content entries
 * that sections reference, the attributes that label facets and product specifications.
 */
const WHOLE_STORE = new Set([
  'theme',
  'menu',
  'categorytree',
  'settings',
  'translation',
  'store',
  'domain',
  'media',
  'contenttype',
  'contententry',
  'attribute',
  'attributeset',
])

/** The categories whose events change what a storefront shows: the purger follows only these. */
export const PURGING_CATEGORIES: readonly string[] = [...Object.keys(TAGS_OF_CATEGORY), ...WHOLE_STORE, 'cache']

/**
 * What one event makes stale in the store's storefront caches, or null when it changes nothing a
 * shopper sees. The store is the event's (metadata, or the stream's entity for a store's own stream).
 *
 * @example purgeOf(productUpdated) // { storeId, paths: [], surrogateKeys: ['product:…', 'products'], all: false }
 */
export function purgeOf(event: RecordedEvent): PurgeRequest | null {
  const { category, entityId } = parseStreamName(event.streamName)
  const data = event.data as Record<string, unknown>
  const storeId = event.metadata.storeId ?? (category === 'store' ? entityId : undefined)
  if (!storeId) return null
  if (event.type === 'CachePurgeRequested') {
    const { paths, surrogateKeys, all } = data as { paths: string[]; surrogateKeys: string[]; all: boolean }
    return { storeId, paths: [...new Set(paths.flatMap(everyLocaleOf))], surrogateKeys, all }
  }
  if (category === 'cache' || WHOLE_STORE.has(category)) return { storeId, paths: [], surrogateKeys: [], all: true }
  const tagsOf = TAGS_OF_CATEGORY[category]
  return tagsOf ? { storeId, paths: [], surrogateKeys: tagsOf(entityId), all: false } : null
}

/**
 * The paths a purge of `path` names. A page is filed under its path without the locale prefix
 * (`cached.ts`), so `/products/x` reaches every locale's copy, and `/fr/products/x` names
 * `/products/x` as well. Whether `fr` is one of the store's locales is not known here: the path
 * as given is named too (a 404 under a prefix the store lacks), and a first segment only shaped
 * like a locale (`/faq`) drops one page more (`/`), never one fewer.
 */
function everyLocaleOf(path: string): string[] {
  const prefix = localeShapedPrefix(path)
  return prefix ? [path, prefix.rest] : [path]
}
