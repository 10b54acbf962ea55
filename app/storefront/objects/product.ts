import type { MediaRecord } from '../../../projections/media/queries.js'
import type { ProductRecord } from '../../../projections/catalog/product/queries.js'
import type { VariantRecord } from '../../../projections/catalog/product/variant-queries.js'
import { mediaPath } from '../../media/view.js'
import { escapeHtml } from '../liquid/escape.js'
import type { StorefrontImage } from '../liquid/filters.js'
import type { ObjectContext } from './context.js'

// Shopify's `product` and `variant` objects from the catalog read models. Plain-text fields are
// HTML-escaped here (a title is text, not markup, whatever a theme does with it); the
// description is the merchant's HTML and is printed as it is. Prices are minor units.

export interface VariantObject {
  id: string
  title: string
  sku: string
  barcode: string
  /** Minor units; null in catalog mode. */
  price: number | null
  compare_at_price: number | null
  available: boolean
  inventory_quantity: number
  options: string[]
  option1: string | null
  option2: string | null
  option3: string | null
  selected: boolean
  url: string
  featured_image: StorefrontImage | null
}

export interface ProductObject {
  id: string
  title: string
  handle: string
  url: string
  description: string
  content: string
  vendor: string
  type: string
  tags: string[]
  available: boolean
  price: number | null
  price_min: number | null
  price_max: number | null
  price_varies: boolean
  compare_at_price: number | null
  variants: VariantObject[]
  has_only_default_variant: boolean
  options: string[]
  options_with_values: { name: string; position: number; values: string[]; selected_value: string | null }[]
  images: StorefrontImage[]
  media: StorefrontImage[]
  featured_image: StorefrontImage | null
  selected_variant: VariantObject | null
  selected_or_first_available_variant: VariantObject | null
  first_available_variant: VariantObject | null
  created_at: string
  seo: { title: string; description: string }
}

export function imageObject(media: MediaRecord, alt: string): StorefrontImage {
  return {
    id: media.id,
    src: mediaPath(media),
    url: mediaPath(media),
    alt: escapeHtml(alt),
    width: media.width,
    height: media.height,
    aspect_ratio: media.width && media.height ? media.width / media.height : null,
    media_type: 'image',
  }
}

/** What a shopper may still buy of a tracked variant: its stock less what checkouts hold (`reserved`). */
const availableUnits = (variant: VariantRecord, reserved: number) => variant.inventoryQuantity - reserved
const isAvailable = (variant: VariantRecord, reserved: number) =>
  !variant.inventoryTracked || availableUnits(variant, reserved) > 0

/**
 * The product objects of these records, in one statement for the whole batch. `selected`
 * is the `?variant=` id of a product page: that variant is `selected_variant` when it is one of
 * the product's.
 */
export async function productObjects(
  ctx: ObjectContext,
  records: readonly ProductRecord[],
  selected: string | null = null,
): Promise<ProductObject[]> {
  const ids = records.map((record) => record.id)
  const [details] = await Promise.all([ctx.shopper.productDetails(ids), ctx.overlay.load(ids)])
  await ctx.overlay.load(details.flatMap((detail) => detail.media.map((m) => m.id)))
  return records.map((record, index) => {
    const text = (key: string, source: string) => ctx.overlay.text(record.id, key, source)
    const title = text('title', record.title)
    const url = ctx.url(`/products/${record.handle}`)
    const { variants, options, media, reserved } = details[index]!
    const images = media
      .filter((m) => m.kind === 'IMAGE')
      .map((m) => imageObject(m, ctx.overlay.text(m.id, 'alt', m.alt) || title))
    const productOptions = options
    const variantObjects = variants.map((variant): VariantObject => {
      const values = variant.optionValues.map((o) => escapeHtml(o.value))
      return {
        id: variant.id,
        title: escapeHtml(variant.title),
        sku: escapeHtml(variant.sku),
        barcode: escapeHtml(variant.barcode),
        // Catalog mode shows no price, whatever the theme: Shopify's themes never ask shop.commerce_enabled.
        price: ctx.commerceEnabled ? variant.price.minor : null,
        compare_at_price: ctx.commerceEnabled ? (variant.compareAtPrice?.minor ?? null) : null,
        available: isAvailable(variant, reserved.get(variant.id) ?? 0),
        // As in Shopify: the units a shopper may still buy (stock less checkouts' holds) when tracked.
        inventory_quantity: variant.inventoryTracked
          ? availableUnits(variant, reserved.get(variant.id) ?? 0)
          : variant.inventoryQuantity,
        options: values,
        option1: values[0] ?? null,
        option2: values[1] ?? null,
        option3: values[2] ?? null,
        selected: variant.id === selected,
        url: `${url}?variant=${variant.id}`,
        featured_image: images.find((image) => image.id === variant.mediaId) ?? null,
      }
    })
    const prices = variantObjects.flatMap((variant) => (variant.price === null ? [] : [variant.price]))
    const selectedVariant = variantObjects.find((variant) => variant.selected) ?? null
    const firstAvailable = variantObjects.find((variant) => variant.available) ?? null
    const current = selectedVariant ?? firstAvailable ?? variantObjects[0] ?? null
    const description = text('description', record.description)
    return {
      id: record.id,
      title: escapeHtml(title),
      handle: record.handle,
      url,
      description,
      content: description,
      vendor: escapeHtml(record.vendor),
      type: '',
      tags: record.tags.map(escapeHtml),
      available: firstAvailable !== null,
      price: current?.price ?? null,
      price_min: prices.length ? Math.min(...prices) : null,
      price_max: prices.length ? Math.max(...prices) : null,
      price_varies: new Set(prices).size > 1,
      compare_at_price: current?.compare_at_price ?? null,
      variants: variantObjects,
      has_only_default_variant: productOptions.length === 0 && variantObjects.length <= 1,
      options: productOptions.map((option) => escapeHtml(text(`options.${option.position}.name`, option.name))),
      options_with_values: productOptions.map((option, position) => ({
        name: escapeHtml(text(`options.${option.position}.name`, option.name)),
        position: position + 1,
        values: option.values.map(escapeHtml),
        selected_value: current?.options[position] ?? null,
      })),
      images,
      media: images,
      featured_image: current?.featured_image ?? images[0] ?? null,
      selected_variant: selectedVariant,
      selected_or_first_available_variant: current,
      first_available_variant: firstAvailable,
      created_at: record.createdAt.toISOString(),
      seo: {
        title: escapeHtml(text('seo.title', record.seo.title) || title),
        description: escapeHtml(text('seo.description', record.seo.description)),
      },
    }
  })
}
