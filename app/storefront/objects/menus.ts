import { Drop } from 'liquidjs'
import type { MenuItemNode } from '../../../domain/webstore/menu/items.js'
import type { MenuLink } from '../../../domain/webstore/menu/links.js'
import { categoriesByIds } from '../../../projections/catalog/category/queries.js'
import { productsByIds } from '../../../projections/catalog/product/queries.js'
import { isVisibleToShoppers as productVisible } from '../../../projections/catalog/product/visibility.js'
import { blogsByIds } from '../../../projections/webstore/blog/queries.js'
import { findCollection } from '../../../projections/webstore/collection/queries.js'
import { listMenus, type MenuRecord } from '../../../projections/webstore/menu/queries.js'
import { findPage } from '../../../projections/webstore/page/queries.js'
import { findPost } from '../../../projections/webstore/post/queries.js'
import { escapeHtml } from '../liquid/escape.js'
import { visibleAt } from '../visibility.js'
import type { ContextPart } from '../render-context.js'
import type { ObjectContext } from './context.js'

/** Shopify's `link`: a menu item with its URL resolved and whether the request is on it. */
export interface LinkObject {
  title: string
  url: string
  type: string
  active: boolean
  current: boolean
  child_active: boolean
  child_current: boolean
  levels: number
  links: LinkObject[]
}

const LINK_TYPES: Record<MenuLink['type'], string> = {
  URL: 'http_link',
  HOME: 'frontpage_link',
  PRODUCT: 'product_link',
  CATEGORY: 'catalog_link',
  COLLECTION: 'collection_link',
  PAGE: 'page_link',
  BLOG: 'blog_link',
  POST: 'article_link',
}

/** Most menus a store shows at once; far more than any header and footer use. */
const MENUS_READ = 250

/** The store's menus, uncounted: a part of its render context, read by every page whose theme shows one. */
const MENUS: ContextPart<MenuRecord[]> = {
  load: async (db, { storeId }) => (await listMenus(db, storeId, { first: MENUS_READ }, { count: false })).nodes,
}

/**
 * The storefront path of each resource link target shoppers may see; a target that is hidden
 * or gone has none, and its item is left out of the menu rather than leading to a 404.
 */
export async function targetPaths(
  ctx: Pick<ObjectContext, 'db' | 'storeId' | 'shopper'>,
  menus: readonly MenuRecord[],
): Promise<Map<string, string>> {
  const links = menus.flatMap((menu) => menu.flatItems.map((item) => item.link))
  const idsOf = (type: MenuLink['type']) => [
    ...new Set(links.filter((l) => l.type === type && l.resourceId).map((l) => l.resourceId!)),
  ]
  const paths = new Map<string, string>()
  const products = await productsByIds(ctx.db, ctx.storeId, idsOf('PRODUCT'))
  for (const product of products)
    if (product && productVisible(product)) paths.set(product.id, `/products/${product.handle}`)
  // Every category is visible: a link to one that still exists leads to its page.
  for (const category of await categoriesByIds(ctx.db, ctx.storeId, idsOf('CATEGORY')))
    if (category) paths.set(category.id, `/categories/${category.path}`)
  for (const id of idsOf('COLLECTION')) {
    const collection = await findCollection(ctx.db, ctx.storeId, { id })
    if (collection?.status === 'PUBLISHED') paths.set(id, `/collections/${collection.handle}`)
  }
  for (const id of idsOf('PAGE')) {
    const page = await findPage(ctx.db, ctx.storeId, { id })
    if (page && visibleAt(page, ctx.shopper.now)) paths.set(id, `/pages/${page.handle}`)
  }
  const posts = (await Promise.all(idsOf('POST').map((id) => findPost(ctx.db, ctx.storeId, { id })))).filter(
    (post) => post !== null && visibleAt(post, ctx.shopper.now),
  )
  const blogIds = [...new Set([...idsOf('BLOG'), ...posts.map((post) => post!.blogId)])]
  const blogs = new Map(
    (await blogsByIds(ctx.db, ctx.storeId, blogIds)).flatMap((blog) => (blog ? [[blog.id, blog.handle]] : [])),
  )
  for (const id of idsOf('BLOG')) if (blogs.has(id)) paths.set(id, `/blogs/${blogs.get(id)}`)
  for (const post of posts)
    if (blogs.has(post!.blogId)) paths.set(post!.id, `/blogs/${blogs.get(post!.blogId)}/${post!.handle}`)
  return paths
}

function linkObjects(
  ctx: ObjectContext,
  menu: MenuRecord,
  nodes: readonly MenuItemNode[],
  paths: Map<string, string>,
): LinkObject[] {
  return nodes.flatMap((node) => {
    const { link } = node
    const path =
      link.type === 'URL'
        ? link.url!
        : link.type === 'HOME'
          ? '/'
          : link.resourceId
            ? paths.get(link.resourceId)
            : undefined
    if (path === undefined) return []
    const url = path.startsWith('/') ? ctx.url(path) : path
    const links = linkObjects(ctx, menu, node.items, paths)
    const current = path.startsWith('/') && path.split('?')[0] === ctx.path
    const childActive = links.some((child) => child.active || child.child_active)
    return [
      {
        title: escapeHtml(ctx.overlay.text(menu.id, `items.${node.itemId}.title`, node.title)),
        url,
        type: LINK_TYPES[link.type],
        active: current || (path !== '/' && path.startsWith('/') && ctx.path.startsWith(`${path}/`)),
        current,
        child_active: childActive,
        child_current: links.some((child) => child.current || child.child_current),
        levels: links.length ? 1 + Math.max(...links.map((child) => child.levels)) : 0,
        links,
      },
    ]
  })
}

/** `linklists[handle]`: the store's menus by handle, read once per request when a template first asks. */
export class LinklistsDrop extends Drop {
  readonly #ctx: ObjectContext
  #menus: Promise<Map<string, { handle: string; title: string; links: LinkObject[]; levels: number }>> | null = null

  constructor(ctx: ObjectContext) {
    super()
    this.#ctx = ctx
  }

  async #load() {
    const menus = await this.#ctx.kept(MENUS)
    await this.#ctx.overlay.load(menus.map((menu) => menu.id))
    const paths = await targetPaths(this.#ctx, menus)
    return new Map(
      menus.map((menu) => {
        const links = linkObjects(this.#ctx, menu, menu.items, paths)
        const levels = links.length ? 1 + Math.max(...links.map((link) => link.levels)) : 0
        const title = escapeHtml(this.#ctx.overlay.text(menu.id, 'title', menu.title))
        return [menu.handle, { handle: menu.handle, title, links, levels }]
      }),
    )
  }

  override async liquidMethodMissing(handle: unknown) {
    this.#menus ??= this.#load()
    return typeof handle === 'string' ? ((await this.#menus).get(handle) ?? null) : null
  }
}
