import { catalogTotals, namedValues, variantTitle } from '../../../domain/catalog/product/variants.js'
import { DomainError, badInput } from '../../../domain/shared/errors.js'
import { findProductAsOf, type ProductAsOf } from '../../../projections/catalog/product/as-of.js'
import type { Caller } from '../../caller.js'
import { isoString } from '../../shared/connection.js'
import { mediaByIds } from '../../media/reads.js'
import type { MediaView } from '../../media/view.js'
import { catalogStore } from './reads.js'
import { toProductView, type ProductView } from './view.js'
import {
  inventoryAvailability,
  moneyView,
  toTotalsView,
  type ProductOptionView,
  type ProductVariantView,
  type VariantTotalsView,
} from './variant-view.js'

/** A product as it was at an instant, with the media, options and variants its stream held then. */
export interface PastProduct extends VariantTotalsView {
  product: ProductView
  /** Media that have left the library since are left out; those still there show as they are now. */
  media: MediaView[]
  options: ProductOptionView[]
  variants: ProductVariantView[]
}

/**
 * The product folded from its events up to `asOf`. NOT_FOUND when it did not exist yet, or was
 * already deleted, then; by id only, since handles change over time.
 */
export async function readProductAsOf(
  caller: Caller,
  args: { id?: string | null; handle?: string | null; asOf: Date },
): Promise<PastProduct> {
  const storeId = catalogStore(caller)
  if (!args.id) throw badInput(['id'], 'asOf reads a product by id: pass id (handles change over time)')
  const past = await findProductAsOf(caller.platform.eventStore, storeId, args.id, args.asOf)
  if (!past)
    throw new DomainError('NOT_FOUND', `product '${args.id}' did not exist in this store at ${args.asOf.toISOString()}`)
  const media = (await mediaByIds(caller, past.mediaIds)).filter((m): m is MediaView => m !== null)
  return { product: toProductView(past), media, ...pastCatalog(past) }
}

function pastCatalog(product: ProductAsOf): Omit<PastProduct, 'product' | 'media'> {
  const { catalog } = product
  const options = catalog.options.map((option, position) => ({
    id: option.optionId,
    productId: product.id,
    name: option.name,
    position,
    values: [...option.values],
  }))
  const variants = catalog.variants.map((variant, position): ProductVariantView => {
    const inCurrency = (minor: number) => moneyView({ minor, currencyCode: variant.currencyCode })
    const times = product.variantTimes.get(variant.variantId)
    return {
      id: variant.variantId,
      productId: product.id,
      title: variantTitle(variant),
      sku: variant.sku,
      barcode: variant.barcode,
      price: inCurrency(variant.price),
      compareAtPrice: variant.compareAtPrice === null ? null : inCurrency(variant.compareAtPrice),
      cost: variant.cost === null ? null : inCurrency(variant.cost),
      inventoryTracked: variant.inventoryTracked,
      inventoryQuantity: variant.inventoryQuantity,
      // Holds are not part of a product's past states: a past variant shows its stock as available.
      ...inventoryAvailability(variant, 0),
      weight: variant.weight,
      optionValues: namedValues(catalog.options, variant),
      position,
      mediaId: variant.mediaId,
      createdAt: isoString(times?.createdAt ?? product.createdAt),
      updatedAt: isoString(times?.updatedAt ?? product.updatedAt),
    }
  })
  const totals = catalogTotals(catalog.variants)
  const summary = {
    ...totals,
    currencyCode: catalog.variants[0]?.currencyCode ?? null,
  }
  return { options, variants, ...toTotalsView(summary) }
}
