import { fromMinorUnits } from '../../domain/catalog/product/money.js'
import { badInput } from '../../domain/shared/errors.js'
import type { ListProductsArgs, ProductFilter, ProductRecord } from '../../projections/catalog/product/queries.js'
import { SHOPPER_VISIBLE_STATUSES } from '../../projections/catalog/product/visibility.js'
import { productDetails } from '../../projections/catalog/product/details.js'
import type { CollectionRecord } from '../../projections/webstore/collection/queries.js'
import type { MediaRecord } from '../../projections/media/queries.js'
import type { Connection } from '../../projections/shared/pagination.js'
import { storefrontPrice } from '../../projections/tenancy/commerce.js'
import { mediaPath } from '../media/view.js'
import type { TranslationOverlay } from '../storefront/translations.js'
import type { StorefrontSession } from './session.js'

// Products and collections as the storefront API serves them: the shopper-visible read models
// with the locale's translations, plain text (no HTML escaping: a JSON client escapes for its
// own output), prices as decimal strings, image URLs absolute so any front end can load them.
// In catalog mode (commerce off) no price is shown and nothing is for sale, as on the pages.

export interface Money {
  amount: string
  currencyCode: string
}

export interface Image {
  url: string
  altText: string
  width: number | null
  height: number | null
}

const money = (minor: number, currencyCode: string): Money => ({
  amount: fromMinorUnits(minor, currencyCode),
  currencyCode,
})

export function imageOf(session: StorefrontSession, media: MediaRecord, alt: string): Image {
  return { url: `${session.origin}${mediaPath(media)}`, altText: alt, width: media.width, height: media.height }
}

/** The product shapes of a batch of records: one statement for the whole batch's details. */
export async function productShapes(
  session: StorefrontSession,
  overlay: TranslationOverlay,
  records: readonly ProductRecord[],
) {
  const ids = records.map((record) => record.id)
  const { db, storeId, store } = session
  const [details] = await Promise.all([productDetails(db, storeId, ids), overlay.load(ids)])
  await overlay.load(details.flatMap((detail) => detail.media.map((m) => m.id)))
  return records.map((record, index) => {
    const text = (key: string, source: string) => overlay.text(record.id, key, source)
    const title = text('title', record.title)
    // Units held by checkouts are not for sale: a variant whose last units are held is sold out.
    const { variants, options, media, reserved } = details[index]!
    const images = media
      .filter((m) => m.kind === 'IMAGE')
      .map((m) => ({
        id: m.id,
        image: imageOf(session, m, overlay.text(m.id, 'alt', m.alt) || title),
      }))
    const productVariants = variants.map((variant) => ({
      id: variant.id,
      title: variant.title,
      sku: variant.sku,
      availableForSale:
        store.commerceEnabled &&
        (!variant.inventoryTracked || variant.inventoryQuantity - (reserved.get(variant.id) ?? 0) > 0),
      price: storefrontPrice(store, money(variant.price.minor, variant.price.currencyCode)),
      compareAtPrice: storefrontPrice(
        store,
        variant.compareAtPrice && money(variant.compareAtPrice.minor, variant.compareAtPrice.currencyCode),
      ),
      selectedOptions: variant.optionValues,
      image: images.find((image) => image.id === variant.mediaId)?.image ?? null,
    }))
    const prices = variants.map((variant) => variant.price)
    const currency = prices[0]?.currencyCode ?? store.currency
    const minor = prices.map((price) => price.minor)
    return {
      id: record.id,
      handle: record.handle,
      title,
      description: text('description', record.description),
      vendor: record.vendor,
      tags: record.tags,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      seo: {
        title: text('seo.title', record.seo.title) || title,
        description: text('seo.description', record.seo.description),
      },
      availableForSale: productVariants.some((variant) => variant.availableForSale),
      priceRange: storefrontPrice(
        store,
        minor.length
          ? {
              minVariantPrice: money(Math.min(...minor), currency),
              maxVariantPrice: money(Math.max(...minor), currency),
            }
          : null,
      ),
      options: options.map((option) => ({
        name: text(`options.${option.position}.name`, option.name),
        values: option.values,
      })),
      variants: productVariants,
      images: images.map((image) => image.image),
      featuredImage: images[0]?.image ?? null,
    }
  })
}

export type ProductShape = Awaited<ReturnType<typeof productShapes>>[number]

/**
 * The facets of a product list, counted only when asked for: its tags and price range over the
 * visible products it filters (of one collection when given), each counted without its own choice,
 * as the rendered collection and search pages count them. No price range in catalog mode.
 */
export function facetsOf(session: StorefrontSession, filter: ProductFilter | null | undefined, collectionId?: string) {
  return async () => {
    const facets = await session.shopper.facets({
      ...filter,
      status: SHOPPER_VISIBLE_STATUSES,
      ...(collectionId ? { collectionId } : {}),
    })
    return { totalCount: facets.totalCount, tags: facets.tags, price: storefrontPrice(session.store, facets.price) }
  }
}

/** A connection of product records as a connection of product shapes, cursors kept, with its facets. */
export async function productConnection(
  session: StorefrontSession,
  overlay: TranslationOverlay,
  page: Connection<ProductRecord>,
  facets: ReturnType<typeof facetsOf>,
) {
  const shapes = await productShapes(session, overlay, page.nodes)
  return {
    ...page,
    nodes: shapes,
    edges: page.edges.map((edge, index) => ({ cursor: edge.cursor, node: shapes[index]! })),
    facets,
  }
}

/** Shopper filters on product lists, as the storefront API takes them. */
export interface ShopperProductFilters {
  vendor?: readonly string[] | null
  tags?: readonly string[] | null
  price?: { min?: string | null; max?: string | null } | null
}

/** A product list as the storefront API asks for it. */
export interface ProductListInput {
  first?: number | null
  after?: string | null
  last?: number | null
  before?: string | null
  query?: string | null
  sortKey?: ListProductsArgs['sort']
  filters?: ShopperProductFilters | null
}

/**
 * The list arguments of a product list: `query` is the storefront search, filters narrow it. A
 * showroom (commerce off) shows no prices, so it neither filters nor sorts by them.
 */
export function productListArgs(args: ProductListInput, store: { commerceEnabled: boolean }): ListProductsArgs {
  const { query, sortKey, filters, ...page } = args
  if (!store.commerceEnabled && filters?.price)
    throw badInput(
      ['filters', 'price'],
      'this store shows no prices (catalog mode), so products cannot be filtered by price',
    )
  if (!store.commerceEnabled && sortKey?.startsWith('PRICE'))
    throw badInput(['sortKey'], 'this store shows no prices (catalog mode), so products cannot be sorted by price')
  const filter: NonNullable<ListProductsArgs['filter']> = {}
  if (query?.trim()) filter.search = query
  if (filters?.vendor?.length) filter.vendor = { in: filters.vendor }
  if (filters?.tags?.length) filter.tags = { any: filters.tags }
  if (filters?.price) filter.price = filters.price
  return { ...page, sort: sortKey ?? null, filter: Object.keys(filter).length ? filter : null }
}

/** A collection with its visible products, listed as the collection orders them unless `sortKey` says otherwise. */
export async function collectionShape(
  session: StorefrontSession,
  overlay: TranslationOverlay,
  record: CollectionRecord,
) {
  await overlay.load([record.id])
  const text = (key: string, source: string) => overlay.text(record.id, key, source)
  const title = text('title', record.title)
  return {
    id: record.id,
    handle: record.handle,
    title,
    description: text('description', record.description),
    seo: {
      title: text('seo.title', record.seo.title) || title,
      description: text('seo.description', record.seo.description),
    },
    updatedAt: record.updatedAt,
    products: async (args: ProductListInput) => {
      const listArgs = productListArgs(args, session.store)
      const page = await session.shopper.collectionProducts(record, listArgs)
      return productConnection(session, overlay, page, facetsOf(session, listArgs.filter, record.id))
    },
  }
}
