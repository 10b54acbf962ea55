import type { z } from 'zod'
import { conflict } from '../../shared/errors.js'
import type { StoredValue } from '../attribute/values.js'
import type { ProductAttributeEvent } from './attribute-events.js'
import { initialCatalogEvents } from './catalog.js'
import type { CatalogDraft } from './variant-commands.js'
import { productCreateInput, productUpdateInput } from './commands.js'
import { strictInput } from '../../shared/strict-input.js'
import type { ProductEvent, ProductFields } from './events.js'
import type { ProductState } from './product.js'
import { NO_SEO, type Seo } from '../../shared/publishable/seo.js'
import { seoChanges } from './seo.js'

export const productDuplicateInput = strictInput('productDuplicate', {
  id: productUpdateInput.shape.id.describe('The id of the product to copy.'),
  title: productCreateInput.shape.title.describe('The title of the copy, e.g. "Red Shirt (copy)".'),
  handle: productCreateInput.shape.handle,
  status: productCreateInput.shape.status.describe(
    'The status of the copy; DRAFT when omitted, so it stays hidden until reviewed.',
  ),
})

export type ProductDuplicateInput = z.output<typeof productDuplicateInput>

/** The attribute set and values the copy takes over, as the source holds them. */
export type AttributesCopy = { attributeSetId: string | null; values: StoredValue[] }

/**
 * Everything the copy starts with, gathered from the source's stream by `prepare`: its options
 * and variants with new ids (SKUs and barcodes cleared, as they are unique), media and attributes.
 */
export type ProductDuplicate = {
  type: 'ProductDuplicate'
  data: {
    product: ProductFields
    seo: Seo
    mediaIds: string[]
    catalog: CatalogDraft
    attributes: AttributesCopy
    sourceId: string
    sourceRevision: number
  }
}

/**
 * Pure: the copy is created with the ordinary events (ProductCreated, then its SEO and media),
 * after a ProductDuplicated that names the source, so its history reads like any product's.
 */
export function decideProductDuplicate(command: ProductDuplicate, state: ProductState): ProductEvent[] {
  const { product, seo, mediaIds, catalog, attributes, sourceId, sourceRevision } = command.data
  const { productId } = product
  if (state.kind !== 'empty') throw conflict(`product '${productId}' already exists; duplicate again to get a new id`)
  return [
    { type: 'ProductCreated', data: { ...product, tags: [...product.tags] } },
    { type: 'ProductDuplicated', data: { productId, sourceId, sourceRevision } },
    ...seoChanges(productId, NO_SEO, seo),
    ...(mediaIds.length
      ? [{ type: 'ProductMediaAttached' as const, data: { productId, mediaIds: [...mediaIds], position: 0 } }]
      : []),
    ...initialCatalogEvents(productId, catalog),
    ...attributeCopyEvents(productId, attributes),
  ]
}

/**
 * The source's set and values, recorded as they are: they were checked when the source got
 * them, so the copy holds exactly what the source holds.
 */
function attributeCopyEvents(productId: string, { attributeSetId, values }: AttributesCopy): ProductAttributeEvent[] {
  const events: ProductAttributeEvent[] = []
  if (attributeSetId !== null)
    events.push({
      type: 'ProductAttributeSetChanged',
      data: { productId, from: null, to: attributeSetId, dropped: [] },
    })
  if (values.length)
    events.push({
      type: 'ProductAttributeValuesSet',
      data: { productId, values: values.map((value) => ({ ...value })) },
    })
  return events
}
