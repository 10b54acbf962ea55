import { conflict, notFound } from '../../shared/errors.js'
import { tagChanges } from '../../shared/tags.js'
import { attributeEventsOnCreate } from './attributes.js'
import type { ProductCommand, ProductCreate, ProductDelete, ProductUpdate } from './commands.js'
import type { ProductEvent } from './events.js'
import type { LiveProduct, ProductState } from './product.js'
import { scheduleChanges } from './publishing.js'
import { NO_SEO, withSeo } from '../../shared/publishable/seo.js'
import { seoChanges } from './seo.js'

/** Pure: the answer depends on the command and the product's history only. */
export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'ProductCreate':
      return create(command, state)
    case 'ProductUpdate':
      return update(command, state)
    case 'ProductDelete':
      return remove(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: ProductCreate, state: ProductState): ProductEvent[] {
  // Ids are generated per command, so this only happens when a client or a retry reuses one.
  if (state.kind !== 'empty')
    throw conflict(`product '${command.data.productId}' already exists; use productUpdate to change it`)
  const { seo, publishAt, ...fields } = command.data
  return [
    { type: 'ProductCreated', data: { ...fields, tags: [...fields.tags] } },
    ...seoChanges(fields.productId, NO_SEO, seo ?? NO_SEO),
    ...scheduleChanges(
      fields.productId,
      { publishAt: null, status: fields.status },
      { publishAt, status: fields.status },
    ),
    ...attributeEventsOnCreate(fields.productId, command.attributes),
  ]
}

/** Only the fields that really change become events, so an update that changes nothing records nothing. */
function update(command: ProductUpdate, state: ProductState): ProductEvent[] {
  const product = live(state, command.data.productId)
  const { productId, title, handle, description, status, vendor, tags } = command.data
  const events: ProductEvent[] = []
  if (title !== undefined && title !== product.title)
    events.push({ type: 'ProductRetitled', data: { productId, title } })
  if (handle !== undefined && handle !== product.handle) {
    events.push({ type: 'ProductHandleChanged', data: { productId, from: product.handle, to: handle } })
  }
  if (description !== undefined && description !== product.description) {
    events.push({ type: 'ProductDescriptionChanged', data: { productId, description } })
  }
  if (status !== undefined && status !== product.status) {
    events.push({ type: 'ProductStatusChanged', data: { productId, from: product.status, to: status } })
  }
  if (vendor !== undefined && vendor !== product.vendor)
    events.push({ type: 'ProductVendorChanged', data: { productId, vendor } })
  const tagChange = tags === undefined ? null : tagChanges(product.tags, tags)
  if (tagChange) events.push({ type: 'ProductTagsChanged', data: { productId, ...tagChange } })
  const { seo, publishAt } = command.data
  events.push(...seoChanges(productId, product.seo, withSeo(product.seo, seo)))
  events.push(...scheduleChanges(productId, product, { publishAt, status: status ?? product.status }))
  return events
}

function remove(command: ProductDelete, state: ProductState): ProductEvent[] {
  const product = live(state, command.data.productId)
  return [{ type: 'ProductDeleted', data: { productId: product.productId, handle: product.handle } }]
}

/**
 * Another store's product lives in a stream named after that store, so here it looks exactly
 * like a product that never existed: both answer NOT_FOUND, as do deleted ones.
 */
function live(state: ProductState, productId: string): LiveProduct {
  if (state.kind !== 'existing') throw notFound('product', productId)
  return state.product
}
