import { RenderDependencies } from './cache/dependencies.js'
import { storefrontTags as tags } from './cache/tags.js'
import type { AnyDb } from '../../infra/database/database.js'
import { findBlog, type BlogRecord } from '../../projections/webstore/blog/queries.js'
import {
  findPublishedProduct,
  listPublishedProducts,
  SHOPPER_VISIBLE_STATUSES,
  shopperVisibleFilter,
} from '../../projections/catalog/product/visibility.js'
import type {
  ListProductsArgs,
  ProductFilter,
  ProductListedRow,
  ProductRecord,
  ProductSort,
} from '../../projections/catalog/product/queries.js'
import { productDetails, type ProductDetails } from '../../projections/catalog/product/details.js'
import { checkFacetFilter, productFacets } from '../../projections/catalog/product/facets.js'
import { indexFacets, indexMatches, type ShopperFacets } from '../../projections/catalog/product/facet-index/facets.js'
import { indexPageChooser } from '../../projections/catalog/product/facet-index/page.js'
import type { CatalogIndexes } from './catalog-index.js'
import type { KeptProducts } from './kept-products.js'
import { KeptLookups, type ContextPart } from './render-context.js'
import {
  CATEGORY_PRODUCTS_SORT,
  categoryProducts,
  findCategory,
  type CategoryRecord,
} from '../../projections/catalog/category/queries.js'
import { collectionProducts, type CollectionRecord } from '../../projections/webstore/collection/queries.js'
import { findPublishedCollection, listPublishedCollections } from '../../projections/webstore/collection/visibility.js'
import { listPublishedPages } from '../../projections/webstore/page/visibility.js'
import { listPublishedPosts } from '../../projections/webstore/post/visibility.js'
import { findPage, type PageRecord } from '../../projections/webstore/page/queries.js'
import { findPost, type ListPostsArgs, type PostRecord } from '../../projections/webstore/post/queries.js'
import { isVisibleToShoppers } from '../../projections/shared/publishable.js'
import type { Connection, ListArgs, PaginateOptions } from '../../projections/shared/pagination.js'

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

/** A page of a shopper's list: cursor mode only, forward (`first`, `after`) or backward (`last`, `before`). */
export type CursorPage = Pick<ListArgs, 'first' | 'after' | 'last' | 'before'>

/** Only the cursor arguments: whatever else a caller's arguments hold (a locale) never reaches the query. */
const cursorPage = ({ first, after, last, before }: CursorPage): CursorPage => ({ first, after, last, before })

/**
 * What a shopper may see, in one place for the rendered storefront and the public storefront
 * API: ACTIVE products, PUBLISHED collections, every category, and pages and posts visible at the moment of the
 * request (`visibleAt`: a scheduled post shows the instant its time comes, with no deploy and
 * no wait for the scheduler; lists show what the scheduler has published). Everything else answers null, exactly as a handle that does
 * not exist; every read is of one store.
 */
/**
 * The store's published collections by handle, those found and those not, kept while no
 * collection changes: every collection event purges the `collections` key.
 */
const PUBLISHED_COLLECTIONS: ContextPart<KeptLookups<CollectionRecord | null>> = {
  purgedBy: [tags.collections],
  load: async (db, store) => new KeptLookups((handle) => findPublishedCollection(db, store.storeId, handle)),
}

/** Paging options of a product list, whose chosen rows may come from the kept products. */
type ListOptions = PaginateOptions<ProductListedRow>

/** What a shopper's reads may use besides the database, when the caller has it. */
export interface ShopperViewOptions {
  /** Hears what each read found, so the rendered page can be cached and purged exactly. */
  read?: RenderDependencies | undefined
  /** Facet counts without SQL while a store's index is current (catalog-index.ts). */
  catalog?: CatalogIndexes | null
  /** The store's currency: a price filter then reads no store row. */
  currency?: string
  /** The store's render context: collections are then looked up in memory while current. */
  kept?: <Value>(part: ContextPart<Value>) => Promise<Value>
  /** Kept product rows and details: a page of the facet index's products then reads no SQL while current. */
  products?: KeptProducts
}

export class ShopperView {
  private readonly read: RenderDependencies
  private readonly catalog: CatalogIndexes | null
  private readonly currency: string | undefined
  private readonly kept: (<Value>(part: ContextPart<Value>) => Promise<Value>) | undefined
  private readonly keptProducts: KeptProducts | undefined

  constructor(
    private readonly db: AnyDb,
    readonly storeId: string,
    /** The moment of the request: every rule is judged at it. */
    readonly now: Date,
    options: ShopperViewOptions = {},
  ) {
    this.read = options.read ?? new RenderDependencies()
    this.catalog = options.catalog ?? null
    this.currency = options.currency
    this.kept = options.kept
    this.keptProducts = options.products
  }

  /** The details of these products (variants, options, media, holds), in their order: kept while current. */
  productDetails(ids: readonly string[]): Promise<ProductDetails[]> {
    return this.keptProducts
      ? this.keptProducts.detailsOf(this.storeId, ids)
      : productDetails(this.db, this.storeId, ids)
  }

  async product(handle: string): Promise<ProductRecord | null> {
    const product = await findPublishedProduct(this.db, this.storeId, handle)
    this.read.found(product, tags.product, tags.products)
    return product
  }

  products(args: ListProductsArgs, options?: ListOptions): Promise<Connection<ProductRecord>> {
    this.read.add(tags.products)
    return listPublishedProducts(this.db, this.storeId, args, this.counted(args.filter, args.sort, options))
  }

  /**
   * The facets of a shopper's filter (which names the visible statuses itself, as `shopperFilter`
   * does): from the store's facet index while it is current, else one SQL statement.
   */
  async facets(filter: ProductFilter): Promise<ShopperFacets> {
    this.read.add(tags.products)
    const index = await this.catalog?.ready(this.storeId)
    if (index) {
      checkFacetFilter(this.db, filter, { storeId: this.storeId, currency: index.currency })
      const counted = indexFacets(index, filter)
      if (counted) return counted
    }
    return productFacets(this.db, this.storeId, { filter })
  }

  /**
   * `options` with what the facet index can tell of the list: its count, and in page mode its
   * page's products, so SQL reads only the page's rows.
   */
  private counted(
    filter: ProductFilter | null | undefined,
    sort: ProductSort | null | undefined,
    options?: ListOptions,
  ): ListOptions {
    const index = this.catalog?.current(this.storeId)
    // Visible products under the filter: the filter's own status list (or none) within the visible ones.
    const matches = index && indexMatches(index, { ...filter, status: filter?.status ?? SHOPPER_VISIBLE_STATUSES })
    if (!matches) return this.known(options)
    const choose = sort && indexPageChooser(index, matches, sort)
    const kept = this.keptProducts
    return {
      ...this.known(options),
      ...(options?.count === false ? {} : { total: matches.count() }),
      ...(choose ? { choose } : {}),
      ...(choose && kept ? { read: (ids: readonly string[]) => kept.listedRows(this.storeId, ids) } : {}),
    }
  }

  /** `options` with the store's currency when this view was given it. */
  private known(options: ListOptions = {}): ListOptions {
    return this.currency === undefined ? options : { ...options, currency: this.currency }
  }

  async collection(handle: string): Promise<CollectionRecord | null> {
    const collection = this.kept
      ? await (await this.kept(PUBLISHED_COLLECTIONS)).get(handle)
      : await findPublishedCollection(this.db, this.storeId, handle)
    this.read.found(collection, tags.collection, tags.collections)
    return collection
  }

  collections(page: CursorPage): Promise<Connection<CollectionRecord>> {
    this.read.add(tags.collections)
    return listPublishedCollections(this.db, this.storeId, { ...cursorPage(page), sort: 'TITLE_ASC' })
  }

  /** Page `page` of the published collections by title, `limit` a page: the `/collections` page. */
  collectionList(page: number, limit: number): Promise<Connection<CollectionRecord>> {
    this.read.add(tags.collections)
    return listPublishedCollections(this.db, this.storeId, { page, limit, sort: 'TITLE_ASC' })
  }

  /** A visible collection's visible products, in its order unless `args.sort` says otherwise. */
  collectionProducts(
    collection: CollectionRecord,
    args: ListProductsArgs,
    options?: ListOptions,
  ): Promise<Connection<ProductRecord>> {
    const filter = args.filter ? { and: [shopperVisibleFilter, args.filter] } : shopperVisibleFilter
    this.read.add(tags.collection(collection.id), tags.products)
    return collectionProducts(this.db, this.storeId, collection, { ...args, filter }, this.known(options))
  }

  /** Categories have no publication of their own: a category is visible, its products follow the product rule. */
  category(path: string): Promise<CategoryRecord | null> {
    return findCategory(this.db, this.storeId, { path })
  }

  /** The visible products of a category and of every category under it, by title unless `args.sort` says otherwise. */
  categoryProducts(
    category: CategoryRecord,
    args: ListProductsArgs,
    options?: ListOptions,
  ): Promise<Connection<ProductRecord>> {
    const filter = args.filter ? { and: [shopperVisibleFilter, args.filter] } : shopperVisibleFilter
    this.read.add(tags.category(category.id), tags.products)
    const subtree = { id: category.id, includeDescendants: true }
    // A filter with a category of its own stays in SQL: both categories hold there.
    const sort = args.sort ?? CATEGORY_PRODUCTS_SORT
    const counted =
      args.filter?.category == null
        ? this.counted({ ...args.filter, category: subtree }, sort, options)
        : this.known(options)
    return categoryProducts(
      this.db,
      this.storeId,
      category.id,
      { ...args, sort, filter, includeDescendants: true },
      counted,
    )
  }

  async page(handle: string): Promise<PageRecord | null> {
    const page = await findPage(this.db, this.storeId, { handle })
    return this.shownAt(page, tags.page, tags.pages)
  }

  pages(page: CursorPage): Promise<Connection<PageRecord>> {
    this.read.add(tags.pages)
    return listPublishedPages(this.db, this.storeId, cursorPage(page), {}, this.now)
  }

  /** Blogs have no publication of their own: a blog is visible, its posts follow the post rule. */
  async blog(handle: string): Promise<BlogRecord | null> {
    const blog = await findBlog(this.db, this.storeId, { handle })
    this.read.found(blog, tags.blog, tags.blogs)
    return blog
  }

  async post(blog: BlogRecord, handle: string): Promise<PostRecord | null> {
    const post = await findPost(this.db, this.storeId, { blogId: blog.id, handle })
    return this.shownAt(post, tags.post, tags.posts)
  }

  posts(args: ListPostsArgs, options?: PaginateOptions): Promise<Connection<PostRecord>> {
    this.read.add(tags.posts)
    return listPublishedPosts(this.db, this.storeId, args, options, this.now)
  }

  /** A page or post if it shows now; one scheduled for later makes the render stale at that moment. */
  private shownAt<Record extends { id: string } & Parameters<typeof visibleAt>[0]>(
    record: Record | undefined | null,
    own: (id: string) => string,
    list: string,
  ): Record | null {
    const shown = record && visibleAt(record, this.now) ? record : null
    this.read.found(shown, own, list)
    if (record && !shown && record.publishAt && record.publishAt > this.now) this.read.staleFrom(record.publishAt)
    return shown
  }
}
