import type { PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { productStream } from './streams.js'

/**
 * NOT_FOUND at `productIds.<index>` unless each product lives in this store: created and not
 * deleted, as its own stream tells (product handles are reserved by handle, not id).
 */
export async function requireLiveProducts(
  env: Pick<PrepareEnv, 'readStream'>,
  storeId: string,
  productIds: readonly string[],
): Promise<void> {
  for (const [index, productId] of productIds.entries()) {
    const events = await env.readStream(productStream(storeId, productId))
    const live =
      events.some((event) => event.type === 'ProductCreated') &&
      !events.some((event) => event.type === 'ProductDeleted')
    if (!live)
      throw new DomainError('NOT_FOUND', `product '${productId}' does not exist in this store`, {
        field: ['input', 'productIds', index],
      })
  }
}
