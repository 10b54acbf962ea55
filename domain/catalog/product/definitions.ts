import {
  defineCommand,
  type AnyCommandDefinition,
  type PrepareEnv,
  type UniquenessChange,
} from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { givenFields } from '../../shared/strict-input.js'
import { deciderOf } from '../../shared/event.js'
import { freeHandle as freeHandleOf, handleReservations as reservationsOf } from '../../shared/publishable/handle.js'
import { productCreateInput, productDeleteInput, productUpdateInput } from './commands.js'
import { productWithVariantsDecider, skuReservations, type ProductWithVariantsState } from './catalog.js'
import { attributesOnCreate } from './attributes-definitions.js'
import { decideProduct } from './decide.js'
import type { ProductEvent } from './events.js'
import { evolveProduct, initialProductState, type ProductState } from './product.js'
import { productHandleKey } from './streams.js'
import { onProduct, productWrite } from './write.js'
import { NO_SEO, withSeo } from '../../shared/publishable/seo.js'
import { catalogDraft } from './variant-prepare.js'
import { storeOf } from '../../shared/store-of.js'

export const productDecider = deciderOf(initialProductState, evolveProduct, decideProduct)

const WRITE = productWrite()

/**
 * Handles are claimed when a product is created, moved when it changes, and freed when it is
 * deleted. A claim on a handle held by another product is what turns into CONFLICT.
 */
export const handleReservations = reservationsOf<ProductEvent, 'productId', ProductState>({
  idKey: 'productId',
  entity: 'Product',
  key: productHandleKey,
  taken: (handle) => `handle '${handle}' is taken in this store; choose another or update the existing product`,
})

export const productCreate = defineCommand({
  name: 'productCreate',
  tool: 'create_product',
  description:
    'Create a product in the current store. Only title is required. handle (the URL name, unique in the store) is generated ' +
    'from the title when omitted, adding -2, -3 … if needed; status defaults to ACTIVE (pass DRAFT to keep the product hidden ' +
    'while you fill it in); description and vendor default to empty, tags to none. seo {title (at most 70 characters), ' +
    'description (at most 320)} sets the search engine listing. publishAt (ISO-8601) schedules the product to turn ACTIVE by ' +
    'itself at that time; status then defaults to DRAFT. attributeSetId puts it in an attribute set and attributes [{code, value}] ' +
    "sets attribute values (the set's required ones must be given). Returns the new product with its id. " +
    'options [{name, values}] (at most 3) and variants [{price, sku, optionValues [{name, value}], …}] (at most 100, prices ' +
    'as decimal strings in the store currency) create the whole product in one call. ' +
    'Fails with CONFLICT when a handle you pass is already used by another product: choose another or update that product.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: productCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const productId = env.newId()
    const handle = input.handle ?? (await freeHandle(input.title, productId, env))
    return onProduct(env, productId, {
      type: 'ProductCreate',
      data: {
        productId,
        title: input.title,
        handle,
        description: input.description ?? '',
        status: input.status ?? (input.publishAt ? 'DRAFT' : 'ACTIVE'),
        vendor: input.vendor ?? '',
        tags: input.tags ?? [],
        seo: withSeo(NO_SEO, input.seo),
        publishAt: input.publishAt ?? null,
      },
      catalog: await catalogDraft(input.options, input.variants, env, storeId, productId),
      attributes: await attributesOnCreate(env, storeId, input.attributeSetId, input.attributes),
    })
  },
  decider: productWithVariantsDecider,
  uniqueness: productReservations,
})

export const productUpdate = defineCommand({
  name: 'productUpdate',
  tool: 'update_product',
  description:
    'Change fields of an existing product, found by id. Send only what should change: omitted or null fields stay as they are, ' +
    'an empty string clears description or vendor, and tags replaces the whole list ([] removes every tag). seo parts given ' +
    'replace the old ones. publishAt schedules a DRAFT or ARCHIVED product to turn ACTIVE at that time; null cancels it. Sending values ' +
    'the product already has changes nothing, so repeating a call is safe. Returns the updated product. Fails with NOT_FOUND ' +
    'when the id is unknown or deleted, and with CONFLICT when the new handle is used by another product.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productUpdateInput,
  prepare(input, env) {
    const { id, seo, publishAt, ...changes } = input
    return onProduct(env, id, {
      type: 'ProductUpdate',
      data: {
        productId: id,
        ...givenFields(changes),
        seo: seo ? givenFields(seo) : undefined,
        // Unlike the other fields, null means something here: it cancels the schedule.
        publishAt,
      },
    })
  },
  decider: productDecider,
  uniqueness: handleReservations,
})

export const productDelete = defineCommand({
  name: 'productDelete',
  tool: 'delete_product',
  description:
    'Delete a product, found by id, for good: it leaves the catalog and the storefront and its handle becomes free for other ' +
    'products. This cannot be undone; to hide a product but keep it, set its status to DRAFT or ARCHIVED with update_product ' +
    'instead. Returns the deleted id. Fails with NOT_FOUND when the id is unknown or already deleted.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: productDeleteInput,
  prepare(input, env) {
    return onProduct(env, input.id, { type: 'ProductDelete', data: { productId: input.id } })
  },
  decider: productWithVariantsDecider,
  uniqueness: productReservations,
})

export const productCommands: readonly AnyCommandDefinition[] = [productCreate, productUpdate, productDelete]

/** Handles, and the SKUs of the variants a product is created with or deleted with. */
function productReservations(
  events: readonly ProductEvent[],
  before: ProductWithVariantsState,
  ctx: DecideContext,
): UniquenessChange[] {
  return [...handleReservations(events, before.product, ctx), ...skuReservations(events, before.variants, ctx)]
}

/** The title's handle, or the first of `-2`, `-3` … that no product of the store holds. */
export function freeHandle(title: string, productId: string, env: PrepareEnv): Promise<string> {
  return freeHandleOf(title, productId, 'product', productHandleKey, env)
}
