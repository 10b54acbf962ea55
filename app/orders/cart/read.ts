import { sql } from 'kysely'
import { evolveCart, initialCartState, type CartState } from '../../../domain/orders/cart/cart.js'
import type { CartEvent, CartLine } from '../../../domain/orders/cart/events.js'
import { cartStream } from '../../../domain/orders/cart/streams.js'
import { reservedByVariant } from '../../../projections/catalog/inventory/queries.js'
import { mediaOfProducts } from '../../../projections/media/queries.js'
import { mediaPath } from '../../media/view.js'
import type { Platform } from '../../platform.js'

/** One line of a cart as the shopper sees it: priced from the catalog now, never from the cart. */
export interface CartLineView {
  lineId: string
  productId: string
  variantId: string
  /** The product's title ('' when the product is gone). */
  title: string
  /** The variant's option values, e.g. "M / Red"; '' for a product without options. */
  variantTitle: string
  sku: string
  /** The product's handle, for links; null when the product is gone. */
  handle: string | null
  quantity: number
  /** Minor units of `currencyCode`; 0 for an unavailable line. */
  unitPrice: number
  lineTotal: number
  /** False when the product is no longer ACTIVE or the variant is gone: the line is shown but neither counted nor sold. */
  available: boolean
  /** Units for sale of a tracked variant (on hand, less what checkouts hold), null when the variant's inventory is not tracked (or it is unavailable). */
  stock: number | null
  /** Storage path of the variant's image, else the product's first image. */
  image?: string
}

export interface CartView {
  /** null when the cart does not exist (yet): an empty cart. */
  cartId: string | null
  lines: CartLineView[]
  /** Units of the available lines. */
  itemCount: number
  /** Sum of the available lines, minor units. */
  subtotal: number
  currencyCode: string
}

/** The cart's lines as its stream holds them (the authority; carts have no read model), or null when there is no such cart. */
export async function readCartState(
  platform: Platform,
  storeId: string,
  cartId: string,
): Promise<Extract<CartState, { kind: 'open' }> | null> {
  const history = await platform.eventStore.readStream(cartStream(storeId, cartId))
  const state = history.reduce(
    (acc, event) => evolveCart(acc, { type: event.type, data: event.data } as CartEvent),
    initialCartState(),
  )
  return state.kind === 'open' ? state : null
}

interface VariantFacts {
  variant_id: string
  product_id: string
  status: string
  title: string
  handle: string
  variant_title: string
  sku: string
  price_amount: string | number
  currency_code: string
  inventory_tracked: boolean
  inventory_quantity: number
  /** Units held by checkouts in progress (inventory reservations): on hand but not for sale. */
  reserved: number
  media_id: string | null
}

/**
 * A cart priced from the product read model at this moment: each line's unit price is the
 * variant's current price; a line whose product is no longer ACTIVE, or whose variant is gone,
 * shows as unavailable and is not counted. An unknown cart (or another store's) is an empty one.
 *
 * @example const cart = await readCart(platform, store.storeId, cartId) // { lines, itemCount, subtotal, currencyCode }
 */
export async function readCart(platform: Platform, storeId: string, cartId: string | null): Promise<CartView> {
  const state = cartId ? await readCartState(platform, storeId, cartId) : null
  return priceCart(platform, storeId, state?.cartId ?? null, state?.lines ?? [])
}

/** Prices lines of a cart (or lines about to be) as `readCart` does. */
export async function priceCart(
  platform: Platform,
  storeId: string,
  cartId: string | null,
  lines: readonly CartLine[],
): Promise<CartView> {
  const db = platform.database.db
  const variantIds = [...new Set(lines.map((line) => line.variantId))]
  const [facts, currency] = await Promise.all([
    variantFacts(platform, storeId, variantIds),
    storeCurrency(platform, storeId),
  ])
  const productIds = [...new Set([...facts.values()].map((f) => f.product_id))]
  const media = await mediaOfProducts(db, storeId, productIds)
  const mediaByProduct = new Map(productIds.map((id, i) => [id, media[i]!.filter((m) => m.kind === 'IMAGE')]))
  const views = lines.map((line): CartLineView => {
    const fact = facts.get(line.variantId)
    const available = !!fact && fact.product_id === line.productId && fact.status === 'ACTIVE'
    const unitPrice = available ? Number(fact.price_amount) : 0
    const images = fact ? (mediaByProduct.get(fact.product_id) ?? []) : []
    const image = images.find((m) => m.id === fact?.media_id) ?? images[0]
    return {
      lineId: line.lineId,
      productId: line.productId,
      variantId: line.variantId,
      title: fact?.title ?? '',
      variantTitle: fact?.variant_title ?? '',
      sku: fact?.sku ?? '',
      handle: fact?.handle ?? null,
      quantity: line.quantity,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
      available,
      stock: available && fact.inventory_tracked ? Math.max(0, fact.inventory_quantity - fact.reserved) : null,
      ...(image ? { image: mediaPath(image) } : {}),
    }
  })
  const counted = views.filter((line) => line.available)
  return {
    cartId,
    lines: views,
    itemCount: counted.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: counted.reduce((sum, line) => sum + line.lineTotal, 0),
    currencyCode: currency,
  }
}

/** The variants with their product, read in one query; a variant of another store is simply absent. */
export async function variantFacts(
  platform: Platform,
  storeId: string,
  variantIds: readonly string[],
): Promise<Map<string, VariantFacts>> {
  if (variantIds.length === 0) return new Map()
  const rows = await platform.database.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', (join) =>
      join.onRef('p.store_id', '=', 'v.store_id').onRef('p.id', '=', 'v.product_id'),
    )
    .select([
      'v.id as variant_id',
      'v.product_id',
      'p.status',
      'p.title',
      'p.handle',
      'v.title as variant_title',
      'v.sku',
      'v.price_amount',
      'v.currency_code',
      'v.inventory_tracked',
      'v.inventory_quantity',
      'v.media_id',
    ])
    .where('v.store_id', '=', storeId)
    .where('v.id', 'in', [...variantIds])
    .execute()
  const reserved = await reservedByVariant(platform.database.db, storeId, variantIds)
  return new Map(
    (rows as Omit<VariantFacts, 'reserved'>[]).map((row) => [
      row.variant_id,
      { ...row, reserved: reserved.get(row.variant_id) ?? 0 },
    ]),
  )
}

async function storeCurrency(platform: Platform, storeId: string): Promise<string> {
  const { rows } = await sql<{ currency: string }>`select currency from stores where id = ${storeId}`.execute(
    platform.database.db,
  )
  return rows[0]?.currency ?? 'USD'
}
