import { Drop } from 'liquidjs'
import type { CategoryRecord } from '../../../projections/catalog/category/queries.js'
import type { ProductFilter } from '../../../projections/catalog/product/queries.js'
import { findMedia } from '../../../projections/media/queries.js'
import { escapeHtml } from '../liquid/escape.js'
import type { StorefrontImage } from '../liquid/filters.js'
import type { ObjectContext } from './context.js'
import { filterObjects, shopperFilter, sortByOf, sortOptions, type FilterObject } from './filters.js'
import { registerPaginator } from './paginators.js'
import { imageObject, productObjects, type ProductObject } from './product.js'

/** Products a category shows without `{% paginate %}`, as a collection's 50. */
const UNPAGINATED = 50

/**
 * A catalog category (`/categories/men/shirts`) as the theme sees it: bound as both `category`
 * and `collection`, with a collection's fields (so a theme's collection template renders it), its
 * `path`, and the products shoppers may see in it and every category under it. The query string's
 * filters and `sort_by` apply, and `{% paginate category.products %}` pages them.
 */
export class CategoryDrop extends Drop {
  readonly id: string
  readonly title: string
  readonly handle: string
  /** The handle path from the root: `men/shirts`. */
  readonly path: string
  readonly url: string
  readonly description: string
  readonly seo: { title: string; description: string }
  readonly default_sort_by = 'title-ascending'
  readonly sort_by: string
  readonly sort_options: { value: string; name: string }[]
  readonly #ctx: ObjectContext
  readonly #record: CategoryRecord
  readonly #filter: ProductFilter
  #counted: Promise<number> | null = null

  constructor(ctx: ObjectContext, record: CategoryRecord) {
    super()
    this.#ctx = ctx
    this.#record = record
    this.id = record.id
    this.handle = record.handle
    this.path = record.path
    this.title = escapeHtml(ctx.overlay.text(record.id, 'title', record.title))
    this.description = ctx.overlay.text(record.id, 'description', record.description)
    this.url = ctx.url(`/categories/${record.path}`)
    this.seo = {
      title: escapeHtml(ctx.overlay.text(record.id, 'seo.title', record.seo.title)),
      description: escapeHtml(ctx.overlay.text(record.id, 'seo.description', record.seo.description)),
    }
    this.sort_options = sortOptions(ctx.commerceEnabled).map(({ value, name }) => ({ value, name }))
    this.sort_by = sortByOf(ctx.query, this.default_sort_by, ctx.commerceEnabled).value
    this.#filter = shopperFilter(ctx.query, ctx.commerceEnabled)
    registerPaginator(this, 'products', (page, size) => this.#page(page, size))
  }

  async #page(page: number, size: number): Promise<{ items: ProductObject[]; total: number }> {
    const { sort } = sortByOf(this.#ctx.query, this.default_sort_by, this.#ctx.commerceEnabled)
    const connection = await this.#ctx.shopper.categoryProducts(this.#record, {
      page,
      limit: size,
      filter: this.#filter,
      ...(sort ? { sort } : {}),
    })
    return { items: await productObjects(this.#ctx, connection.nodes), total: connection.totalCount }
  }

  async products(): Promise<ProductObject[]> {
    return (await this.#page(1, UNPAGINATED)).items
  }

  products_count(): Promise<number> {
    this.#counted ??= this.#page(1, 1).then(({ total }) => total)
    return this.#counted
  }

  all_products_count(): Promise<number> {
    return this.products_count()
  }

  async image(): Promise<StorefrontImage | null> {
    const imageId = this.#record.imageId
    const media = imageId ? await findMedia(this.#ctx.db, this.#ctx.storeId, imageId) : null
    return media ? imageObject(media, this.title) : null
  }

  /** The facets of the category's products in view, each counted under every other choice. */
  async filters(): Promise<FilterObject[]> {
    const subtree = { id: this.#record.id, includeDescendants: true }
    // The category at the top level, as a shopper's own choices are, so the facet index can count it;
    // a filter with a category of its own keeps both, nested.
    const filter: ProductFilter =
      this.#filter.category == null
        ? { ...this.#filter, category: subtree }
        : { and: [this.#filter, { category: subtree }] }
    const facets = await this.#ctx.shopper.facets(filter)
    return filterObjects(this.url, this.#ctx.query, facets, this.#ctx.commerceEnabled)
  }
}
