import type { AnyDb } from '../../infra/database/database.js'
import type { PurgeRequest } from '../../infra/cache/storefront-cache.js'
import { productDetails, type ProductDetails } from '../../projections/catalog/product/details.js'
import { productListedRows, type ProductListedRow } from '../../projections/catalog/product/queries.js'
import { KeptWhileFollowed } from '../shared/kept-in-memory.js'
import { storefrontTags } from './cache/tags.js'

/**
 * Products a node keeps of all stores together, each a list row and its details (~2–4 KB): a
 * storefront's grids show the same few hundred products over and over, and reading their rows
 * and details was most of a collection page's database work. Past it, the least recently shown go first.
 */
const MAX_PRODUCTS = 10_000

/** A store's kept product ids start with this: a purge of the whole store finds them by it. */
const storePrefix = (storeId: string) => `${storeId}/`

/**
 * One kind of product data kept by store and product id, loaded in one statement for all the ids
 * a page asks for and does not hold. A failed load is not kept.
 */
class KeptByProduct<Value> extends KeptWhileFollowed<string, Promise<Value>> {
  constructor(private readonly load: (storeId: string, ids: readonly string[]) => Promise<Value[]>) {
    super()
  }

  many(storeId: string, ids: readonly string[]): Promise<Value[]> {
    if (!this.followed) return this.load(storeId, ids)
    const prefix = storePrefix(storeId)
    const missing = ids.filter((id) => !this.entries.touch(prefix + id))
    if (missing.length > 0) {
      const loading = this.load(storeId, missing)
      missing.forEach((id, index) => {
        const key = prefix + id
        const value = loading.then((values) => values[index]!)
        this.entries.set(key, value)
        value.catch(() => this.entries.get(key) === value && this.entries.delete(key))
      })
      this.entries.trim(MAX_PRODUCTS)
    }
    // Every id was set above; one trimmed meanwhile (a page of more ids than the bound) loads alone.
    return Promise.all(ids.map((id) => this.entries.get(prefix + id) ?? this.load(storeId, [id]).then(([v]) => v!)))
  }

  forget(storeId: string, productIds: readonly string[] | 'all'): void {
    const prefix = storePrefix(storeId)
    if (productIds !== 'all') for (const id of productIds) this.entries.delete(prefix + id)
    else for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key)
  }
}

/** Product ids named by a purge's `product:<id>` keys. */
function productsOf(surrogateKeys: readonly string[]): string[] {
  const prefix = storefrontTags.product('')
  return surrogateKeys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))
}

/**
 * The rows and details of the products storefront pages show, kept per node with the freshness
 * contract of the render contexts (render-context.ts): only while the storefront purger follows
 * the log, which purges a product's `product:<id>` key on every event of its stream (its
 * variants, media order, stock and reservations included) and the whole store on a change to
 * media, attributes or translations. A write's read-your-writes waits for that purge.
 */
export class KeptProducts {
  private readonly rows: KeptByProduct<ProductListedRow | null>
  private readonly details: KeptByProduct<ProductDetails>

  constructor(db: AnyDb) {
    this.rows = new KeptByProduct((storeId, ids) => productListedRows(db, storeId, ids))
    this.details = new KeptByProduct((storeId, ids) => productDetails(db, storeId, ids))
  }

  /** The list rows of these products of the store, in their order; null where not found. */
  listedRows(storeId: string, ids: readonly string[]): Promise<(ProductListedRow | null)[]> {
    return this.rows.many(storeId, ids)
  }

  /** The details of these products of the store, in their order (empty for an id not found). */
  detailsOf(storeId: string, ids: readonly string[]): Promise<ProductDetails[]> {
    return this.details.many(storeId, ids)
  }

  follow(): void {
    this.rows.follow()
    this.details.follow()
  }

  unfollow(): void {
    this.rows.unfollow()
    this.details.unfollow()
  }

  /** A purge target: the whole store's products, or those the purge names by `product:<id>`. */
  async purge(request: PurgeRequest): Promise<void> {
    const products = request.all ? 'all' : productsOf(request.surrogateKeys)
    this.rows.forget(request.storeId, products)
    this.details.forget(request.storeId, products)
  }
}
