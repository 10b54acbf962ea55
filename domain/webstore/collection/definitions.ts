import { categoryTreeDecider } from '../../catalog/category/definitions.js'
import type { CategoryEvent } from '../../catalog/category/events.js'
import { categoryTreeStream } from '../../catalog/category/streams.js'
import { requireLiveProducts } from '../../catalog/product/live.js'
import { NO_SEO, withSeo } from '../../shared/publishable/seo.js'
import { imageChange } from '../../media/live.js'
import { deleteCommand } from '../../shared/delete-command.js'
import { defineCommand, type AnyCommandDefinition, type PrepareEnv, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import { DomainError } from '../../shared/errors.js'
import { deciderOf, fold } from '../../shared/event.js'
import { freeHandle, storeHandleReservations } from '../../shared/publishable/handle.js'
import { initialCollectionState, evolveCollection, type CollectionState } from './collection.js'
import {
  collectionCreateInput,
  collectionDeleteInput,
  collectionProductsAddInput,
  collectionProductsRemoveInput,
  collectionProductsReorderInput,
  collectionUpdateInput,
  type CollectionCommand,
} from './commands.js'
import { decideCollection } from './decide.js'
import type { CollectionEvent } from './events.js'
import type { CollectionRule } from './rules.js'
import { COLLECTION_CATEGORY, collectionHandleKey, collectionStream } from './streams.js'
import { inputAsData, onStoreEntity, storeOf } from '../../shared/store-of.js'

export const collectionDecider = deciderOf(initialCollectionState, evolveCollection, decideCollection)

const RULES_HELP =
  'rules (SMART) are {field, relation, value, attributeCode?}: field TAG, TITLE, VENDOR (text: EQUALS, NOT_EQUALS, CONTAINS, ' +
  'NOT_CONTAINS, STARTS_WITH, ENDS_WITH, ignoring case), PRICE (an amount like "49.99": EQUALS, NOT_EQUALS, GREATER_THAN, LESS_THAN; ' +
  'matches when any variant does), INVENTORY (total tracked stock, same relations), ATTRIBUTE (with attributeCode; text relations, ' +
  'or GREATER_THAN/LESS_THAN for numbers), CATEGORY (a category id: EQUALS, NOT_EQUALS) and PRODUCT_STATUS (DRAFT, ACTIVE, ARCHIVED). ' +
  'disjunctive true means ANY rule suffices, false (default) ALL must hold. Membership follows product changes by itself.'

/** Handles are claimed at creation, moved on change and freed at deletion; a taken one is CONFLICT. */
export const collectionHandleReservations = storeHandleReservations<CollectionEvent, CollectionState>()(
  'Collection',
  collectionHandleKey,
)

const WRITE = storeWrite(COLLECTION_CATEGORY, 'webstore:write', {
  decider: collectionDecider,
  uniqueness: collectionHandleReservations,
})
const onCollection = onStoreEntity<CollectionCommand>(collectionStream)

export const collectionCreate = defineCommand({
  name: 'collectionCreate',
  tool: 'create_collection',
  description:
    'Create a product collection for the web store (/collections/<handle>). Only title is required. type MANUAL (default) holds ' +
    'the products you add with add_collection_products, in your order; SMART (the default when rules are given) holds every ' +
    `product matching its rules. ${RULES_HELP} sortOrder: MANUAL (MANUAL collections, their default), TITLE_ASC/DESC, PRICE_ASC/DESC, ` +
    'CREATED_ASC/DESC (SMART default CREATED_DESC). handle is generated from the title when omitted; description is HTML (scripts ' +
    'removed); imageId a media id; seo {title, description}; status PUBLISHED (default) or DRAFT. Returns the collection. Fails ' +
    'with CONFLICT when the handle is taken, NOT_FOUND for an unknown image or category.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: collectionCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const collectionId = env.newId()
    const rules = input.rules ?? []
    await requireCategories(env, storeId, rules)
    const type = input.type ?? (rules.length > 0 ? 'SMART' : 'MANUAL')
    return onCollection(env, collectionId, {
      type: 'CollectionCreate',
      data: {
        collectionId,
        title: input.title,
        handle: input.handle ?? (await freeHandle(input.title, collectionId, 'collection', collectionHandleKey, env)),
        description: input.description ?? '',
        imageId: (await imageChange(env, storeId, input.imageId, 'imageId')) ?? null,
        type,
        sortOrder: input.sortOrder ?? (type === 'SMART' ? 'CREATED_DESC' : 'MANUAL'),
        rules,
        disjunctive: input.disjunctive ?? false,
        status: input.status ?? 'PUBLISHED',
        seo: withSeo(NO_SEO, input.seo),
      },
    })
  },
})

export const collectionUpdate = defineCommand({
  name: 'collectionUpdate',
  tool: 'update_collection',
  description:
    'Change fields of a collection, found by id. Send only what should change: omitted or null fields stay. rules (SMART only) ' +
    'replace the whole rule list and membership is re-evaluated at once; the type cannot change. imageId "" removes the image. ' +
    'Repeating a call changes nothing. Returns the collection. Fails with NOT_FOUND when the id is unknown, BAD_USER_INPUT when ' +
    'rules are sent for a MANUAL collection, and CONFLICT when the new handle is taken.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: collectionUpdateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    if (input.rules) await requireCategories(env, storeId, input.rules)
    const { id, imageId, ...changes } = input
    return onCollection(env, input.id, {
      type: 'CollectionUpdate',
      data: { collectionId: id, ...givenFields(changes), imageId: await imageChange(env, storeId, imageId, 'imageId') },
    })
  },
})

export const collectionDelete = deleteCommand(WRITE, onCollection, 'CollectionDelete', 'collectionId', {
  name: 'collectionDelete',
  tool: 'delete_collection',
  description:
    'Delete a collection, found by id, for good: its products stay in the catalog, its handle becomes free. To hide it instead, ' +
    'set status DRAFT with update_collection. Returns the deleted id. Fails with NOT_FOUND when the id is unknown or already deleted.',
  input: collectionDeleteInput,
})

export const collectionProductsAdd = defineCommand({
  name: 'collectionProductsAdd',
  tool: 'add_collection_products',
  description:
    "Add products to a MANUAL collection, found by collectionId. position says where to insert them in the collection's order, " +
    'counting from 0; they go last when omitted. Products already in it stay where they are, so repeating a call is safe. ' +
    'Returns the collection. Fails with NOT_FOUND when the collection or a product is unknown in this store, and BAD_USER_INPUT ' +
    'for a SMART collection (its rules pick its products).',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: collectionProductsAddInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    await requireLiveProducts(env, storeId, input.productIds)
    return onCollection(env, input.collectionId, {
      type: 'CollectionProductsAdd',
      data: { ...input, position: input.position ?? null },
    })
  },
})

export const collectionProductsRemove = defineCommand({
  name: 'collectionProductsRemove',
  tool: 'remove_collection_products',
  description:
    'Take products out of a MANUAL collection, found by collectionId; the products stay in the catalog. Products not in it are ' +
    'ignored, so repeating a call is safe. Returns the collection. Fails with NOT_FOUND when the collection is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: collectionProductsRemoveInput,
  prepare: inputAsData(onCollection, 'collectionId', 'CollectionProductsRemove'),
})

export const collectionProductsReorder = defineCommand({
  name: 'collectionProductsReorder',
  tool: 'reorder_collection_products',
  description:
    "Change the order of a MANUAL collection's products: the listed ones come first, in the order given, and the others keep " +
    'their order after them. Returns the collection. Fails with BAD_USER_INPUT when a listed product is not in the collection.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: collectionProductsReorderInput,
  prepare: inputAsData(onCollection, 'collectionId', 'CollectionProductsReorder'),
})

export const collectionCommands: readonly AnyCommandDefinition[] = [
  collectionCreate,
  collectionUpdate,
  collectionDelete,
  collectionProductsAdd,
  collectionProductsRemove,
  collectionProductsReorder,
]

/** CATEGORY rules must name categories of this store's tree, read from its stream. */
async function requireCategories(env: PrepareEnv, storeId: string, rules: readonly CollectionRule[]): Promise<void> {
  if (!rules.some((rule) => rule.field === 'CATEGORY')) return
  const tree = fold(
    categoryTreeDecider,
    (await env.readStream(categoryTreeStream(storeId))) as unknown as CategoryEvent[],
  )
  rules.forEach((rule, index) => {
    if (rule.field === 'CATEGORY' && !tree.nodes[rule.value]) {
      throw new DomainError(
        'NOT_FOUND',
        `category '${rule.value}' does not exist in this store; list_categories shows their ids`,
        { field: ['input', 'rules', index, 'value'] },
      )
    }
  })
}
