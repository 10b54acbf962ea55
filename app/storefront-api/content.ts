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

const seoOf = (
  overlay: TranslationOverlay,
  id: string,
  title: string,
  seo: { title: string; description: string },
) => ({
  title: overlay.text(id, 'seo.title', seo.title) || title,
  description: overlay.text(id, 'seo.description', seo.description),
})

export async function pageShape(overlay: TranslationOverlay, page: PageRecord) {
  await overlay.load([page.id])
  const title = overlay.text(page.id, 'title', page.title)
  return {
    id: page.id,
    handle: page.handle,
    title,
    body: overlay.text(page.id, 'body', page.body),
    seo: seoOf(overlay, page.id, title, page.seo),
    publishedAt: page.publishedAt ?? page.publishAt,
    updatedAt: page.updatedAt,
  }
}

export async function articleShapes(overlay: TranslationOverlay, blog: BlogRecord, posts: readonly PostRecord[]) {
  await overlay.load(posts.map((post) => post.id))
  return posts.map((post) => {
    const title = overlay.text(post.id, 'title', post.title)
    return {
      id: post.id,
      handle: post.handle,
      title,
      body: overlay.text(post.id, 'body', post.body),
      excerpt: overlay.text(post.id, 'excerpt', post.excerpt),
      author: post.author,
      tags: post.tags,
      seo: seoOf(overlay, post.id, title, post.seo),
      publishedAt: post.publishedAt ?? post.publishAt ?? post.createdAt,
      blogHandle: blog.handle,
    }
  })
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
