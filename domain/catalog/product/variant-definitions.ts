import { defineCommand, type AnyCommandDefinition, type UniquenessChange } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { givenFields } from '../../shared/strict-input.js'
import { deciderOf } from '../../shared/event.js'
import { skuReservations } from './catalog.js'
import type { ProductEvent } from './events.js'
import { onProduct, productWrite } from './write.js'
import {
  productInventoryAdjustInput,
  productOptionAddInput,
  productOptionRemoveInput,
  productOptionUpdateInput,
  productVariantCreateInput,
  productVariantDeleteInput,
  productVariantUpdateInput,
  productVariantsBulkCreateInput,
  productVariantsBulkDeleteInput,
  productVariantsBulkUpdateInput,
  productVariantsReorderInput,
} from './variant-commands.js'
import { decideVariants } from './variant-decide.js'
import { storeCurrency, variantDraft, variantPatch } from './variant-prepare.js'
import { evolveVariants, initialVariantsState, type VariantsState } from './variants.js'
import { storeOf } from '../../shared/store-of.js'

/** A third decider over the product stream: it folds only the product's options and variants. */
export const productVariantsDecider = deciderOf(initialVariantsState, evolveVariants, decideVariants)

const WRITE = productWrite({ decider: productVariantsDecider })
const IDEMPOTENT = { destructive: false, idempotent: true } as const
const uniqueness = (events: readonly ProductEvent[], before: VariantsState, ctx: DecideContext): UniquenessChange[] =>
  skuReservations(events, before, ctx)

const MONEY =
  'Prices are decimal strings in the store currency ("19.99"; at most as many decimals as the currency has, none for JPY).'

export const productOptionAdd = defineCommand({
  name: 'productOptionAdd',
  tool: 'add_product_option',
  description:
    'Add an option such as Size or Color, with its values in order, to a product found by productId (at most 3 options of at ' +
    'most 100 values). Variants the product already has take the first value. Returns the product with its options and variants.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: productOptionAddInput,
  prepare: (input, env) =>
    onProduct(env, input.productId, {
      type: 'ProductOptionAdd',
      data: {
        productId: input.productId,
        optionId: env.newId(),
        name: input.name,
        values: input.values,
        position: input.position ?? null,
      },
    }),
})

export const productOptionUpdate = defineCommand({
  name: 'productOptionUpdate',
  tool: 'update_product_option',
  description:
    'Change an option of a product: name renames it, renameValues [{from, to}] renames values (variants follow), values sets ' +
    'the whole list in order (adds new values, removes values no variant uses, reorders), position moves the option. Returns ' +
    'the product. Fails with BAD_USER_INPUT when a value to remove is still used by variants.',
  ...WRITE,
  annotations: IDEMPOTENT,
  input: productOptionUpdateInput,
  prepare: ({ productId, id, ...changes }, env) =>
    onProduct(env, productId, {
      type: 'ProductOptionUpdate',
      data: { productId, optionId: id, ...givenFields(changes) },
    }),
})

export const productOptionRemove = defineCommand({
  name: 'productOptionRemove',
  tool: 'remove_product_option',
  description:
    'Remove an option from a product; its value disappears from every variant. Refused with BAD_USER_INPUT while variants use ' +
    'more than one of its values (they would become indistinguishable): delete those variants first. Returns the product.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: productOptionRemoveInput,
  prepare: (input, env) =>
    onProduct(env, input.productId, {
      type: 'ProductOptionRemove',
      data: { productId: input.productId, optionId: input.id },
    }),
})

export const productVariantCreate = defineCommand({
  name: 'productVariantCreate',
  tool: 'create_product_variant',
  description:
    'Add a variant to a product: price is required; optionValues names one value of every option of the product ([{name, value}]); ' +
    `sku must be unique in the store; inventoryTracked defaults to true and inventoryQuantity to 0. ${MONEY} Returns the product ` +
    'and the new variant. Fails with CONFLICT when the SKU is taken, BAD_USER_INPUT when the option values do not fit or repeat another variant.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: productVariantCreateInput,
  async prepare({ productId, ...variant }, env) {
    const storeId = storeOf(env)
    const draft = await variantDraft(variant, ['input'], await storeCurrency(env, storeId), env, storeId, productId)
    return onProduct(env, productId, { type: 'ProductVariantsCreate', data: { productId, variants: [draft] } })
  },
  uniqueness,
})

export const productVariantsBulkCreate = defineCommand({
  name: 'productVariantsBulkCreate',
  tool: 'create_product_variants',
  description:
    `Add up to 100 variants to one product in one call, all or nothing: an error names the variant by its index. ${MONEY} ` +
    'Each variant takes the fields of create_product_variant. Returns the product with all its variants.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: productVariantsBulkCreateInput,
  async prepare({ productId, variants }, env) {
    const storeId = storeOf(env)
    const currency = await storeCurrency(env, storeId)
    const drafts = []
    for (const [index, variant] of variants.entries())
      drafts.push(await variantDraft(variant, ['input', 'variants', index], currency, env, storeId, productId))
    return onProduct(env, productId, { type: 'ProductVariantsCreate', data: { productId, variants: drafts } })
  },
  uniqueness,
})

export const productVariantUpdate = defineCommand({
  name: 'productVariantUpdate',
  tool: 'update_product_variant',
  description:
    'Change fields of a variant, found by productId and id. Send only what should change; "" removes compareAtPrice, cost or ' +
    `mediaId, a weight value of 0 removes the weight. ${MONEY} Stock is changed with adjust_inventory, not here. Values the ` +
    'variant already has change nothing. Returns the product and the variant.',
  ...WRITE,
  annotations: IDEMPOTENT,
  input: productVariantUpdateInput,
  async prepare({ productId, id, ...fields }, env) {
    const storeId = storeOf(env)
    const patch = await variantPatch(id, fields, ['input'], await storeCurrency(env, storeId), env, storeId, productId)
    return onProduct(env, productId, { type: 'ProductVariantsUpdate', data: { productId, variants: [patch] } })
  },
  uniqueness,
})

export const productVariantsBulkUpdate = defineCommand({
  name: 'productVariantsBulkUpdate',
  tool: 'update_product_variants',
  description:
    'Change up to 100 variants of one product in one call, all or nothing: each item is {id, …fields of update_product_variant}; ' +
    'an error names the item by its index. Variants may swap SKUs or option values within the call. Returns the product with its variants.',
  ...WRITE,
  annotations: IDEMPOTENT,
  input: productVariantsBulkUpdateInput,
  async prepare({ productId, variants }, env) {
    const storeId = storeOf(env)
    const currency = await storeCurrency(env, storeId)
    const patches = []
    for (const [index, { id, ...fields }] of variants.entries())
      patches.push(await variantPatch(id, fields, ['input', 'variants', index], currency, env, storeId, productId))
    return onProduct(env, productId, { type: 'ProductVariantsUpdate', data: { productId, variants: patches } })
  },
  uniqueness,
})

export const productVariantDelete = defineCommand({
  name: 'productVariantDelete',
  tool: 'remove_product_variant',
  description:
    'Delete a variant of a product for good; its SKU becomes free. Returns the product with its remaining variants. Fails with ' +
    'NOT_FOUND when the product has no such variant.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: productVariantDeleteInput,
  prepare: ({ productId, id }, env) =>
    onProduct(env, productId, {
      type: 'ProductVariantsDelete',
      data: { productId, variantIds: [id], fields: [['input', 'id']] },
    }),
  uniqueness,
})

export const productVariantsBulkDelete = defineCommand({
  name: 'productVariantsBulkDelete',
  tool: 'remove_product_variants',
  description:
    'Delete up to 100 variants of one product in one call, all or nothing: an unknown id fails the call with NOT_FOUND naming ' +
    'its index. Their SKUs become free. Returns the product with its remaining variants.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: productVariantsBulkDeleteInput,
  prepare: ({ productId, variantIds }, env) =>
    onProduct(env, productId, {
      type: 'ProductVariantsDelete',
      data: { productId, variantIds, fields: variantIds.map((_, index) => ['input', 'variantIds', index]) },
    }),
  uniqueness,
})

export const productVariantsReorder = defineCommand({
  name: 'productVariantsReorder',
  tool: 'reorder_product_variants',
  description:
    "Change the order of a product's variants: the listed variants come first, in the order given, and the others keep their " +
    'order after them. Returns the product with its variants.',
  ...WRITE,
  annotations: IDEMPOTENT,
  input: productVariantsReorderInput,
  prepare: ({ productId, variantIds }, env) =>
    onProduct(env, productId, { type: 'ProductVariantsReorder', data: { productId, variantIds } }),
})

export const productInventoryAdjust = defineCommand({
  name: 'productInventoryAdjust',
  tool: 'adjust_inventory',
  description:
    'Change the stock of a variant whose inventory is tracked: delta (+5 received, -2 damaged) or setQuantity (the counted stock), ' +
    'exactly one of them, with a reason (CORRECTION, RECEIVED, DAMAGED, SOLD, RETURNED, OTHER — OTHER needs a note). The audit ' +
    'log shows every adjustment with its reason. Returns the product and the variant with its new quantity.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: productInventoryAdjustInput,
  prepare: ({ productId, variantId, delta, setQuantity, reason, note }, env) =>
    onProduct(env, productId, {
      type: 'ProductInventoryAdjust',
      data: { productId, variantId, delta: delta ?? null, setQuantity: setQuantity ?? null, reason, note: note ?? '' },
    }),
})

export const productVariantCommands: readonly AnyCommandDefinition[] = [
  productOptionAdd,
  productOptionUpdate,
  productOptionRemove,
  productVariantCreate,
  productVariantsBulkCreate,
  productVariantUpdate,
  productVariantsBulkUpdate,
  productVariantDelete,
  productVariantsBulkDelete,
  productVariantsReorder,
  productInventoryAdjust,
]
