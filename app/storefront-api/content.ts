import type { MenuItemNode } from '../../domain/webstore/menu/items.js'
import type { BlogRecord } from '../../projections/webstore/blog/queries.js'
import { findMenu } from '../../projections/webstore/menu/queries.js'
import type { PageRecord } from '../../projections/webstore/page/queries.js'
import type { PostRecord } from '../../projections/webstore/post/queries.js'
import { targetPaths } from '../storefront/objects/menus.js'
import type { TranslationOverlay } from '../storefront/translations.js'
import type { CursorPage } from '../storefront/visibility.js'
import type { StorefrontSession } from './session.js'

// Pages, blogs, articles and menus as the storefront API serves them, through the rendered
// storefront's visibility rule and translation overlay. Body HTML is the merchant's, sanitized on write.

/** What a page and an article share: id and handle, and their title, body and SEO through the overlay. */
function translatedContent(
  overlay: TranslationOverlay,
  record: { id: string; handle: string; title: string; body: string; seo: { title: string; description: string } },
) {
  const { id, handle, seo } = record
  const title = overlay.text(id, 'title', record.title)
  return {
    id,
    handle,
    title,
    body: overlay.text(id, 'body', record.body),
    seo: {
      title: overlay.text(id, 'seo.title', seo.title) || title,
      description: overlay.text(id, 'seo.description', seo.description),
    },
  }
}

export async function pageShape(overlay: TranslationOverlay, page: PageRecord) {
  await overlay.load([page.id])
  return {
    ...translatedContent(overlay, page),
    publishedAt: page.publishedAt ?? page.publishAt,
    updatedAt: page.updatedAt,
  }
}

export async function articleShapes(overlay: TranslationOverlay, blog: BlogRecord, posts: readonly PostRecord[]) {
  await overlay.load(posts.map((post) => post.id))
  return posts.map((post) => ({
    ...translatedContent(overlay, post),
    excerpt: overlay.text(post.id, 'excerpt', post.excerpt),
    author: post.author,
    tags: post.tags,
    publishedAt: post.publishedAt ?? post.publishAt ?? post.createdAt,
    blogHandle: blog.handle,
  }))
}

/** A blog with its visible articles, newest first; `articleByHandle` answers null for a hidden one. */
export async function blogShape(session: StorefrontSession, overlay: TranslationOverlay, blog: BlogRecord) {
  await overlay.load([blog.id])
  return {
    id: blog.id,
    handle: blog.handle,
    title: overlay.text(blog.id, 'title', blog.title),
    articles: async ({ first, after, last, before }: CursorPage) => {
      const page = await session.shopper.posts({
        first,
        after,
        last,
        before,
        filter: { blogId: blog.id },
        sort: 'PUBLISHED_AT_DESC',
      })
      const shapes = await articleShapes(overlay, blog, page.nodes)
      return { ...page, nodes: shapes, edges: page.edges.map((edge, i) => ({ cursor: edge.cursor, node: shapes[i]! })) }
    },
    articleByHandle: async ({ handle }: { handle: string }) => {
      const post = await session.shopper.post(blog, handle)
      return post && (await articleShapes(overlay, blog, [post]))[0]!
    },
  }
}

export interface MenuItemShape {
  title: string
  /** A path on the store (`/products/x`) or the merchant's absolute URL. */
  url: string
  type: string
  resourceId: string | null
  items: MenuItemShape[]
}

/**
 * A menu with its items' URLs resolved. An item linking to something shoppers cannot see (a
 * draft page, a hidden product) is left out with its sub-items, as the rendered menus do.
 */
export async function menuShape(session: StorefrontSession, overlay: TranslationOverlay, handle: string) {
  const menu = await findMenu(session.db, session.storeId, { handle })
  if (!menu) return null
  await overlay.load([menu.id])
  const paths = await targetPaths({ db: session.db, storeId: session.storeId, shopper: session.shopper }, [menu])
  const items = (nodes: readonly MenuItemNode[]): MenuItemShape[] =>
    nodes.flatMap((node) => {
      const { link } = node
      const url =
        link.type === 'URL'
          ? link.url
          : link.type === 'HOME'
            ? '/'
            : link.resourceId
              ? paths.get(link.resourceId)
              : null
      if (!url) return []
      const title = overlay.text(menu.id, `items.${node.itemId}.title`, node.title)
      return [{ title, url, type: link.type, resourceId: link.resourceId, items: items(node.items) }]
    })
  return {
    id: menu.id,
    handle: menu.handle,
    title: overlay.text(menu.id, 'title', menu.title),
    items: items(menu.items),
  }
}
