import { streamName } from '../../shared/streams.js'

export const PRODUCT_CATEGORY = 'product'

/** `product-<storeId>_<productId>`: the store id in the name keeps every tenant's products apart. */
export function productStream(storeId: string, productId: string): string {
  return streamName(PRODUCT_CATEGORY, storeId, productId)
}

/**
 * Handles are unique per store: reserved under the store id as scope with this key, so the
 * reservation stream is `uniq-<storeId>_product-handle:<handle>` and belongs to the store's history.
 */
export function productHandleKey(handle: string): string {
  return `product-handle:${handle}`
}

/**
 * SKUs are unique per store: reserved under the store id as scope with this key, held by the
 * product whose variant has the SKU (`uniq-<storeId>_product-sku:<sku>`).
 */
export function productSkuKey(sku: string): string {
  return `product-sku:${sku}`
}
