import { z } from 'zod'
import { entityId, titleInput } from '../../shared/input-types.js'
import { idListInput, insertPositionInput } from '../../shared/ordered-ids.js'
import { nullishFields, strictInput } from '../../shared/strict-input.js'
import { seoInput, type Seo, type SeoInput } from '../../shared/publishable/seo.js'
import { handleInput } from '../../shared/publishable/handle.js'
import { htmlBodyInput } from '../shared/html-body.js'
import { statusInput, type PublicationStatus } from '../../shared/publishable/publication.js'
import { COLLECTION_SORT_ORDERS, COLLECTION_TYPES, type CollectionFields, type CollectionSortOrder } from './events.js'
import { rulesInput, type CollectionRule } from './rules.js'
import { named } from '../../shared/input-names.js'

/** Products one call may name. */
export const COLLECTION_PRODUCTS_PER_CALL = 250

const imageId = named(
  z
    .union([z.literal(''), entityId('media', 'imageId')], {
      error: 'imageId must be a media id (a UUID), or an empty string to remove the image',
    })
    .describe('A media id of the media library (upload_image returns one); an empty string removes the image.'),
  'ID',
)

const type = named(
  z
    .enum(COLLECTION_TYPES, { error: `type must be one of ${COLLECTION_TYPES.join(', ')}` })
    .describe(
      'MANUAL (you add and order products) or SMART (rules pick them). SMART when rules are given, else MANUAL. Cannot change later.',
    ),
  'CollectionType',
)

const sortOrder = named(
  z
    .enum(COLLECTION_SORT_ORDERS, { error: `sortOrder must be one of ${COLLECTION_SORT_ORDERS.join(', ')}` })
    .describe(
      'How the products are ordered: MANUAL (your order, MANUAL collections only), TITLE_ASC/DESC, PRICE_ASC/DESC (lowest variant price), CREATED_ASC/DESC.',
    ),
  'CollectionSortOrder',
)

const disjunctive = z
  .boolean({ error: 'disjunctive must be true or false' })
  .describe(
    'SMART only: true when a product matching ANY rule belongs, false (the default) when it must match ALL of them.',
  )

const productIds = idListInput('productIds', 'product')
  .max(COLLECTION_PRODUCTS_PER_CALL, `productIds may name at most ${COLLECTION_PRODUCTS_PER_CALL} products per call`)
  .describe('Product ids of this store (create_product and list_products return them).')

/** What a collection may be created with besides its title and type, and change later: its own fields, then its rules. */
const collectionFields = {
  handle: handleInput('summer-sale', 'the store'),
  description: htmlBodyInput('description'),
  imageId,
  seo: seoInput,
  status: named(statusInput('collection', { scheduled: false }), 'CollectionStatus'),
}
const collectionRules = { rules: rulesInput, disjunctive, sortOrder }

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const collectionCreateInput = strictInput('collectionCreate', {
  title: titleInput().describe('The collection title, e.g. "Summer sale".'),
  ...nullishFields(collectionFields),
  type: type.nullish(),
  ...nullishFields(collectionRules),
})

export const collectionUpdateInput = strictInput('collectionUpdate', {
  id: entityId('collection').describe('The collection id returned by create_collection (a UUID).'),
  title: titleInput().nullish(),
  ...nullishFields(collectionFields),
  ...nullishFields(collectionRules),
})

export const collectionDeleteInput = strictInput('collectionDelete', { id: entityId('collection') })

export const collectionProductsAddInput = strictInput('collectionProductsAdd', {
  collectionId: entityId('collection', 'collectionId'),
  productIds: productIds.overwrite((ids) => [...new Set(ids)]),
  position: insertPositionInput,
})
export const collectionProductsRemoveInput = strictInput('collectionProductsRemove', {
  collectionId: entityId('collection', 'collectionId'),
  productIds,
})
export const collectionProductsReorderInput = strictInput('collectionProductsReorder', {
  collectionId: entityId('collection', 'collectionId'),
  productIds,
})

/** Every field resolved: `prepare` has chosen the id, a free handle and the defaults of the type. */
export type CollectionCreate = {
  type: 'CollectionCreate'
  data: CollectionFields & { status: PublicationStatus; seo: Seo }
}
/** Fields left out stay; `imageId` null removes the image. */
export type CollectionUpdate = {
  type: 'CollectionUpdate'
  data: {
    collectionId: string
    title?: string
    handle?: string
    description?: string
    imageId?: string | null
    seo?: SeoInput
    status?: PublicationStatus
    rules?: CollectionRule[]
    disjunctive?: boolean
    sortOrder?: CollectionSortOrder
  }
}
export type CollectionDelete = { type: 'CollectionDelete'; data: { collectionId: string } }
export type CollectionProductsAdd = {
  type: 'CollectionProductsAdd'
  data: { collectionId: string; productIds: string[]; position: number | null }
}
export type CollectionProductsRemove = {
  type: 'CollectionProductsRemove'
  data: { collectionId: string; productIds: string[] }
}
export type CollectionProductsReorder = {
  type: 'CollectionProductsReorder'
  data: { collectionId: string; productIds: string[] }
}

export type CollectionCommand =
  | CollectionCreate
  | CollectionUpdate
  | CollectionDelete
  | CollectionProductsAdd
  | CollectionProductsRemove
  | CollectionProductsReorder
