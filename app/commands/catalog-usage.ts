import type { CatalogUsage } from '../../domain/shared/command.js'
import { attributeUsage, productsInAttributeSet } from '../../projections/catalog/product-attribute/queries.js'
import { postIdsOfBlog } from '../../projections/webstore/post/queries.js'
import { findTranslatableSource } from '../../projections/webstore/translation/sources.js'
import { findCustomer } from '../../projections/orders/order/queries.js'
import type { AnyDb } from '../../infra/database/database.js'

/**
 * The catalog usage facts of `PrepareEnv`, answered by the product_attributes read model. It
 * lags the log, and a product write racing the check is not seen: it stops a type change or an
 * option removal made by mistake, while the event store stays the authority on each product.
 */
export function catalogUsageFrom(db: AnyDb): CatalogUsage {
  return {
    attributeUsage: (storeId, attributeId) => attributeUsage(db, storeId, attributeId),
    productsInAttributeSet: (storeId, attributeSetId) => productsInAttributeSet(db, storeId, attributeSetId),
    postsOfBlog: (storeId, blogId) => postIdsOfBlog(db, storeId, blogId),
    translatableSource: (storeId, resourceId) => findTranslatableSource(db, storeId, resourceId),
    customerKnown: async (storeId, customerId) => (await findCustomer(db, storeId, customerId)) !== null,
  }
}
