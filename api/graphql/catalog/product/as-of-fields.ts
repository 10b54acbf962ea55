import { catalogTotals, namedValues, variantTitle } from '../../../../domain/catalog/product/variants.js'
import type { AnyDb } from '../../../../infra/database/database.js'
import type { ProductAsOf } from '../../../../projections/catalog/product/as-of.js'
import type { OptionRecord, VariantRecord } from '../../../../projections/catalog/product/variant-queries.js'
import { findMedia, type MediaRecord } from '../../../../projections/media/queries.js'
import { money } from '../../shared/money.js'

/**
 * The loader fields of a product read as of an instant (`WithPastFields`): the media, options and
 * variants its stream held then, in the shapes today's loaders give. Media that have left the
 * library since are left out; those still there show as they are now (alt text, sizes).
 */
export async function pastProductFields(
  db: AnyDb,
  storeId: string,
  product: ProductAsOf,
): Promise<Record<string, unknown>> {
  const { catalog } = product
  const media = (await Promise.all(product.mediaIds.map((id) => findMedia(db, storeId, id)))).filter(
    (m): m is MediaRecord => m !== null,
  )
  const options: OptionRecord[] = catalog.options.map((option, position) => ({
    id: option.optionId,
    productId: product.id,
    name: option.name,
    position,
    values: [...option.values],
  }))
  const variants: VariantRecord[] = catalog.variants.map((variant, position) => {
    const inCurrency = (minor: number) => ({ minor, currencyCode: variant.currencyCode })
    const times = product.variantTimes.get(variant.variantId) ?? {
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
    }
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
      weight: variant.weight,
      optionValues: namedValues(catalog.options, variant),
      position,
      mediaId: variant.mediaId,
      ...times,
    }
  })
  const totals = catalogTotals(catalog.variants)
  const currencyCode = catalog.variants[0]?.currencyCode
  return {
    media,
    options,
    variants,
    priceRange:
      totals.priceMin === null || totals.priceMax === null || !currencyCode
        ? null
        : {
            min: money({ minor: totals.priceMin, currencyCode }),
            max: money({ minor: totals.priceMax, currencyCode }),
          },
    totalInventory: totals.inventoryTotal,
    variantsCount: totals.variantCount,
  }
}
