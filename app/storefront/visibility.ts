import type { AnyDb } from '../../infra/database/database.js'
import { findBlog, type BlogRecord } from '../../projections/webstore/blog/queries.js'
import {
  findPublishedProduct,
  listPublishedProducts,
  shopperVisibleFilter,
} from '../../projections/catalog/product/visibility.js'
import type { ListProductsArgs, ProductRecord } from '../../projections/catalog/product/queries.js'
import { categoryProducts, findCategory, type CategoryRecord } from '../../projections/catalog/category/queries.js'
import { collectionProducts, type CollectionRecord } from '../../projections/webstore/collection/queries.js'
import { findPublishedCollection } from '../../projections/webstore/collection/visibility.js'
import { listPublishedPages } from '../../projections/webstore/page/visibility.js'
import { listPublishedPosts } from '../../projections/webstore/post/visibility.js'
import { findPage, type PageRecord } from '../../projections/webstore/page/queries.js'
import { findPost, type ListPostsArgs, type PostRecord } from '../../projections/webstore/post/queries.js'
import { isVisibleToShoppers } from '../../projections/shared/publishable.js'
import type { Connection, PaginateOptions } from '../../projections/shared/pagination.js'

/**
 * Whether a page or post shows at `now`: published by then, or a draft whose publishAt has come
 * (the scheduler publishes it within seconds; the shopper need not wait for it).
 */
export function visibleAt(record: Pick<PageRecord, 'status' | 'publishedAt' | 'publishAt'>, now: Date): boolean {
  return (
    isVisibleToShoppers(record, now) ||
    (record.status === 'DRAFT' && record.publishAt !== null && record.publishAt <= now)
  )
}

/**
 * What a shopper may see, in one place for the rendered storefront and the public storefront
 * API: ACTIVE products, PUBLISHED collections, every category, and pages and posts visible at the moment of the
 * request (`visibleAt`: a scheduled post shows the instant its time comes, with no deploy and
 * no wait for the scheduler; lists show what the scheduler has published). Everything else answers null, exactly as a handle that does
 * not exist; every read is of one store.
 */
export class ShopperView {
  constructor(
    private readonly db: AnyDb,
    readonly storeId: string,
    /** The moment of the request: every rule is judged at it. */
    readonly now: Date,
  ) {}

  product(handle: string): Promise<ProductRecord | null> {
    return findPublishedProduct(this.db, this.storeId, handle)
  }

  products(args: ListProductsArgs, options?: PaginateOptions): Promise<Connection<ProductRecord>> {
    return listPublishedProducts(this.db, this.storeId, args, options)
  }

  collection(handle: string): Promise<CollectionRecord | null> {
    return findPublishedCollection(this.db, this.storeId, handle)
  }

  /** A visible collection's visible products, in its order unless `args.sort` says otherwise. */
  collectionProducts(
    collection: CollectionRecord,
    args: ListProductsArgs,
    options?: PaginateOptions,
  ): Promise<Connection<ProductRecord>> {
    const filter = args.filter ? { and: [shopperVisibleFilter, args.filter] } : shopperVisibleFilter
    return collectionProducts(this.db, this.storeId, collection, { ...args, filter }, options)
  }

  /** Categories have no publication of their own: a category is visible, its products follow the product rule. */
  category(path: string): Promise<CategoryRecord | null> {
    return findCategory(this.db, this.storeId, { path })
  }

  /** The visible products of a category and of every category under it, by title unless `args.sort` says otherwise. */
  categoryProducts(
    category: CategoryRecord,
    args: ListProductsArgs,
    options?: PaginateOptions,
  ): Promise<Connection<ProductRecord>> {
    const filter = args.filter ? { and: [shopperVisibleFilter, args.filter] } : shopperVisibleFilter
    return categoryProducts(this.db, this.storeId, category.id, { ...args, filter, includeDescendants: true }, options)
  }

  async page(handle: string): Promise<PageRecord | null> {
    const page = await findPage(this.db, this.storeId, { handle })
    return page && visibleAt(page, this.now) ? page : null
  }

  pages(first: number, after?: string | null): Promise<Connection<PageRecord>> {
    return listPublishedPages(this.db, this.storeId, { first, after }, {}, this.now)
  }

  /** Blogs have no publication of their own: a blog is visible, its posts follow the post rule. */
  blog(handle: string): Promise<BlogRecord | null> {
    return findBlog(this.db, this.storeId, { handle })
  }

  async post(blog: BlogRecord, handle: string): Promise<PostRecord | null> {
    const post = await findPost(this.db, this.storeId, { blogId: blog.id, handle })
    return post && visibleAt(post, this.now) ? post : null
  }

  posts(args: ListPostsArgs, options?: PaginateOptions): Promise<Connection<PostRecord>> {
    return listPublishedPosts(this.db, this.storeId, args, options, this.now)
  }
}
