import { streamName } from '../../shared/streams.js'

/**
 * The tree (every category's fields and place) is one aggregate per store, so cycles, depth and
 * sibling handles are checked against one consistent state instead of racing across streams.
 * Its entity part `tree` is no UUID, so it never collides with a category id.
 */
export const CATEGORY_TREE_CATEGORY = 'categorytree'
/** Product assignments are many and frequent: one stream per category keeps them off the tree. */
export const CATEGORY_PRODUCTS_CATEGORY = 'categoryproducts'
/** What the audit log and the command registry call a category (the entity, not its stream). */
export const CATEGORY_ENTITY = 'category'

/** `categorytree-<storeId>_tree`: the store's whole category tree. */
export function categoryTreeStream(storeId: string): string {
  return streamName(CATEGORY_TREE_CATEGORY, storeId, 'tree')
}

/** `categoryproducts-<storeId>_<categoryId>`: the ordered products of one category. */
export function categoryProductsStream(storeId: string, categoryId: string): string {
  return streamName(CATEGORY_PRODUCTS_CATEGORY, storeId, categoryId)
}
