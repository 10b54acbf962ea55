import { Drop } from 'liquidjs'
import type { ProductFilter, ProductRecord } from '../../../projections/catalog/product/queries.js'
import type { CollectionRecord } from '../../../projections/webstore/collection/queries.js'
import { findMedia } from '../../../projections/media/queries.js'
import { escapeHtml } from '../liquid/escape.js'
import type { StorefrontImage } from '../liquid/filters.js'
import type { ObjectContext } from './context.js'
import { filterObjects, shopperFilter, sortByOf, sortOptions, type FilterObject } from './filters.js'
import { imageObject, productObjects, type ProductObject } from './product.js'
import { registerPaginator } from './paginators.js'

/** Products a collection shows without `{% paginate %}`, as Shopify's 50. */
const UNPAGINATED = 50

/** `/collections/all`: every product shoppers may see, in no collection of the store's. */
export const ALL_PRODUCTS = 'all'

/**
 * Shopify's `collection`: its fields now, its products, counts and filters when a template asks
 * for them. On the collection the request is for (`current`), the query string's filters and
 * `sort_by` apply and `{% paginate collection.products %}` pages them; collections reached
 * through `collections[handle]` show their products in their own order.
 */
export class CollectionDrop extends Drop {
  readonly id: string | null
  readonly title: string
  readonly handle: string
  readonly url: string
  readonly description: string
  readonly sort_by: string
  /** The search engine listing, escaped; empty strings when not set. */
  readonly seo: { title: string; description: string }
  readonly default_sort_by: string
  readonly sort_options: { value: string; name: string }[]
  // Private fields (#) are out of a template's reach: liquidjs reads any other property of a drop.
  readonly #ctx: ObjectContext
  readonly #record: CollectionRecord | null
  readonly #current: boolean
  readonly #filter: ProductFilter
  #counted: Promise<number> | null = null

  constructor(ctx: ObjectContext, record: CollectionRecord | null, current: boolean) {
    super()
    this.#ctx = ctx
    this.#record = record
    this.#current = current
    this.id = record?.id ?? null
    this.handle = record?.handle ?? ALL_PRODUCTS
    this.title = escapeHtml(record ? ctx.overlay.text(record.id, 'title', record.title) : 'Products')
    this.description = record ? ctx.overlay.text(record.id, 'description', record.description) : ''
    this.url = ctx.url(`/collections/${this.handle}`)
    this.seo = {
      title: escapeHtml(record ? ctx.overlay.text(record.id, 'seo.title', record.seo.title) : ''),
      description: escapeHtml(record ? ctx.overlay.text(record.id, 'seo.description', record.seo.description) : ''),
    }
    this.default_sort_by = record ? 'manual' : 'created-descending'
    const query = current ? ctx.query : new URLSearchParams()
    this.sort_options = sortOptions(ctx.commerceEnabled).map(({ value, name }) => ({ value, name }))
    this.sort_by = sortByOf(query, this.default_sort_by, ctx.commerceEnabled).value
    this.#filter = shopperFilter(query, ctx.commerceEnabled)
    registerPaginator(this, 'products', (page, size) => this.#page(page, size))
  }

  /** Records of one page of the products, in the sort in effect. */
  async #records(page: number, size: number): Promise<{ records: ProductRecord[]; total: number }> {
    const { sort } = sortByOf(this.#query(), this.default_sort_by, this.#ctx.commerceEnabled)
    const args = { page, limit: size, filter: this.#filter, ...(sort ? { sort } : {}) }
    const connection = this.#record
      ? await this.#ctx.shopper.collectionProducts(this.#record, args)
      : await this.#ctx.shopper.products({ ...args, sort: sort ?? 'CREATED_AT_DESC' })
    return { records: connection.nodes, total: connection.totalCount }
  }

  async #page(page: number, size: number): Promise<{ items: ProductObject[]; total: number }> {
    const { records, total } = await this.#records(page, size)
    return { items: await productObjects(this.#ctx, records), total }
  }

  async products(): Promise<ProductObject[]> {
    return (await this.#page(1, UNPAGINATED)).items
  }

  products_count(): Promise<number> {
    this.#counted ??= this.#records(1, 1).then(({ total }) => total)
    return this.#counted
  }

  all_products_count(): Promise<number> {
    return this.products_count()
  }

  #query(): URLSearchParams {
    return this.#current ? this.#ctx.query : new URLSearchParams()
  }

  async image(): Promise<StorefrontImage | null> {
    const imageId = this.#record?.imageId
    const media = imageId ? await findMedia(this.#ctx.db, this.#ctx.storeId, imageId) : null
    return media ? imageObject(media, this.title) : null
  }

  /** The facets of the products in view, each counted under every other choice. */
  async filters(): Promise<FilterObject[]> {
    const record = this.#record
    const filter: ProductFilter = record ? { ...this.#filter, collectionId: record.id } : this.#filter
    const facets = await this.#ctx.shopper.facets(filter)
    return filterObjects(this.url, this.#query(), facets, this.#ctx.commerceEnabled)
  }
}

/** `collections[handle]`: a published collection of the store, `all`, or nil. */
export class CollectionsDrop extends Drop {
  readonly #found = new Map<string, Promise<CollectionDrop | null>>()
  readonly #ctx: ObjectContext

  constructor(ctx: ObjectContext) {
    super()
    this.#ctx = ctx
  }

  override liquidMethodMissing(handle: unknown): Promise<CollectionDrop | null> | null {
    if (typeof handle !== 'string' || handle === '') return null
    let drop = this.#found.get(handle)
    if (!drop) {
      drop = collectionByHandle(this.#ctx, handle, false)
      this.#found.set(handle, drop)
    }
    return drop
  }
}

/** The collection with this handle as shoppers see it (`all`, unless the store has one so named, is every visible product), or null. */
export async function collectionByHandle(
  ctx: ObjectContext,
  handle: string,
  current: boolean,
): Promise<CollectionDrop | null> {
  const record = await ctx.shopper.collection(handle)
  if (!record) return handle === ALL_PRODUCTS ? new CollectionDrop(ctx, null, current) : null
  await ctx.overlay.load([record.id])
  return new CollectionDrop(ctx, record, current)
}

/** A page of the store's published collections by title, each as its `collection` object. */
async function publishedCollectionsPage(
  ctx: ObjectContext,
  page: number,
  size: number,
): Promise<{ items: CollectionDrop[]; total: number }> {
  const connection = await ctx.shopper.collectionList(page, size)
  await ctx.overlay.load(connection.nodes.map((record) => record.id))
  const items = connection.nodes.map((record) => new CollectionDrop(ctx, record, false))
  return { items, total: connection.totalCount ?? items.length }
}

/**
 * `collections` on the `/collections` page, Shopify's list of the store's collections: a template
 * iterates it (`{% for collection in collections %}`, the first 50 by title) or pages it
 * (`{% paginate collections by 12 %}`), and `collections[handle]` still finds any one of them.
 */
export class CollectionListDrop extends CollectionsDrop {
  readonly size: number
  readonly #first: CollectionDrop[]

  constructor(ctx: ObjectContext, first: CollectionDrop[], total: number) {
    super(ctx)
    this.#first = first
    this.size = total
    registerPaginator(this, 'collections', (page, size) => publishedCollectionsPage(ctx, page, size))
  }

  // liquidjs iterates a drop through its valueOf, synchronously: the first page is read before rendering.
  override valueOf(): CollectionDrop[] {
    return this.#first
  }
}

/** The `/collections` page's `collections`, its first page read. */
export async function collectionList(ctx: ObjectContext): Promise<CollectionListDrop> {
  const { items, total } = await publishedCollectionsPage(ctx, 1, UNPAGINATED)
  return new CollectionListDrop(ctx, items, total)
}
