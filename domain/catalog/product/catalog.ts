import type { UniquenessChange } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import type { Decider } from '../../shared/event.js'
import type { ProductCommand } from './commands.js'
import { decideProduct } from './decide.js'
import type { ProductEvent } from './events.js'
import { evolveProduct, initialProductState, type ProductState } from './product.js'
import { productSkuKey } from './streams.js'
import type { CatalogDraft } from './variant-commands.js'
import { createVariants } from './variant-decide.js'
import type { ProductVariantEvent } from './variant-events.js'
import {
  applyCatalogEvent,
  evolveVariants,
  initialVariantsState,
  type Catalog,
  type VariantsState,
} from './variants.js'
import { reservationChanges } from '../../shared/reservations.js'
import { storeOf } from '../../shared/store-of.js'

/** A product stream folded twice: the product's fields, and its options and variants. */
export type ProductWithVariantsState = { product: ProductState; variants: VariantsState }

/**
 * The product decider, plus what creating and deleting a product mean for its variants: a
 * creation appends the options and variants it brings in the same write, and a deletion frees
 * the variants' SKUs (see `productReservations`).
 */
export const productWithVariantsDecider: Decider<ProductWithVariantsState, ProductCommand, ProductEvent> = {
  initialState: () => ({ product: initialProductState(), variants: initialVariantsState() }),
  evolve: (state, event) => ({
    product: evolveProduct(state.product, event),
    variants: evolveVariants(state.variants, event),
  }),
  decide(command, state) {
    const events = decideProduct(command, state.product)
    if (command.type !== 'ProductCreate' || !command.catalog) return events
    return [...events, ...initialCatalogEvents(command.data.productId, command.catalog)]
  },
}

/** The events that give a new product its options, then its variants, checked as the variant commands check them. */
export function initialCatalogEvents(productId: string, draft: CatalogDraft): ProductVariantEvent[] {
  let catalog: Catalog = { productId, options: [], variants: [] }
  const events: ProductVariantEvent[] = draft.options.map((option, position) => ({
    type: 'ProductOptionAdded',
    data: { productId, ...option, values: [...option.values], position, variantValue: option.values[0]! },
  }))
  for (const event of events) catalog = applyCatalogEvent(catalog, event)
  if (draft.variants.length)
    events.push(
      ...createVariants(catalog, { type: 'ProductVariantsCreate', data: { productId, variants: draft.variants } }),
    )
  return events
}

/**
 * SKUs are unique per store, reserved under the store for the product that holds them. The
 * change is the difference between the SKUs before and after the command, so variants of one
 * product may swap or pass on SKUs in one call. Empty SKUs are not reserved.
 */
export function skuReservations(
  events: readonly ProductEvent[],
  before: VariantsState,
  ctx: DecideContext,
): UniquenessChange[] {
  const after = events.reduce(evolveVariants, before)
  const skusOf = (state: VariantsState) =>
    new Set(state.kind === 'existing' ? state.catalog.variants.map((v) => v.sku).filter((sku) => sku !== '') : [])
  const productOf = (state: VariantsState) => (state.kind === 'existing' ? state.catalog.productId : null)
  const productId = productOf(after) ?? productOf(before)
  if (!productId) return []
  const [held, kept] = [skusOf(before), skusOf(after)]
  const { claim, release } = reservationChanges(storeOf(ctx), productSkuKey, ['input'])
  return [
    ...[...held].filter((sku) => !kept.has(sku)).map((sku) => release(sku, productId)),
    ...[...kept]
      .filter((sku) => !held.has(sku))
      .map((sku) =>
        claim(
          sku,
          productId,
          `sku '${sku}' is taken in this store by another product's variant; choose another or change that variant`,
        ),
      ),
  ]
}
