import { storeWrite, type StoreWrite } from '../../shared/command.js'
import { onStoreEntity } from '../../shared/store-of.js'
import type { ProductAttributeCommand } from './attribute-commands.js'
import type { ProductCommand } from './commands.js'
import type { ProductDuplicate } from './duplicate.js'
import type { ProductMediaCommand } from './media.js'
import { PRODUCT_CATEGORY, productStream } from './streams.js'
import type { ProductVariantCommand } from './variant-commands.js'

// What the commands on a product's stream share, whichever of its deciders (product, media,
// attributes, variants, lifecycle) they decide with.

/** The commands the product's writes send to its stream. */
type ProductStreamCommand =
  ProductCommand | ProductMediaCommand | ProductAttributeCommand | ProductVariantCommand | ProductDuplicate

/**
 * The face of a product command: products:write on every transport, in the selected store, with
 * what it decides with.
 *
 * @example const WRITE = productWrite({ decider: productMediaDecider })
 */
export function productWrite(): StoreWrite
export function productWrite<Decides extends object>(decides: Decides): StoreWrite & Decides
export function productWrite(decides: object = {}) {
  return storeWrite(PRODUCT_CATEGORY, 'products:write', decides)
}

/** Where a product command goes: the product's stream in the selected store. */
export const onProduct = onStoreEntity<ProductStreamCommand>(productStream)
