import { defineCommand, type AnyCommandDefinition, type PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { fold, deciderOf } from '../../shared/event.js'
import { isUuid } from '../../shared/ids.js'
import { readAttributes, readAttributeSet, resolveAttributeCode } from '../attribute/lookup.js'
import type { SetFacts } from '../attribute/values.js'
import { mediaLives } from '../../media/live.js'
import {
  productAttributeSetChangeInput,
  productAttributesRemoveInput,
  productAttributesSetInput,
  type AttributeFacts,
  type AttributesOnCreate,
  type ValueWrite,
} from './attribute-commands.js'
import type { AttributeRef } from './attribute-events.js'
import { decideProductAttributes, evolveProductAttributes, initialProductAttributeState } from './attributes.js'
import type { ProductEvent } from './events.js'
import { productStream } from './streams.js'
import { onProduct, productWrite } from './write.js'
import { storeOf } from '../../shared/store-of.js'

/** A third decider over the product stream: it folds only the product's attribute set and values. */
export const productAttributesDecider = deciderOf(
  initialProductAttributeState,
  evolveProductAttributes,
  decideProductAttributes,
)

const WRITE = productWrite({ decider: productAttributesDecider })

export const productAttributesSet = defineCommand({
  name: 'productAttributesSet',
  tool: 'set_product_attributes',
  description:
    'Set attribute values of a product, found by productId: values [{code, value}] with the value as JSON by the attribute type ' +
    '(TEXT a string, NUMBER a number, BOOLEAN true/false, DATE "YYYY-MM-DD", SELECT an option code, MULTISELECT a list of option ' +
    'codes, COLOR "#rrggbb", MEDIA a media id). Other values stay. A product in an attribute set takes only the set\'s attributes ' +
    'and must keep values for its required ones. Returns the product with its attributes. Fails with BAD_USER_INPUT naming the ' +
    'value at fault (input.values.<i>.value) and what it must be.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productAttributesSetInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const set = await currentSet(env, storeId, input.productId)
    const writes = await resolveWrites(env, storeId, input.values, 'values')
    const facts = await checkedFacts(env, storeId, set, writes, 'values')
    return onProduct(env, input.productId, {
      type: 'ProductAttributesSet',
      data: { productId: input.productId, values: writes },
      facts,
    })
  },
})

export const productAttributesRemove = defineCommand({
  name: 'productAttributesRemove',
  tool: 'remove_product_attributes',
  description:
    'Remove attribute values, by attribute code, from a product. Values it does not hold are ignored. Refused for attributes its ' +
    'attribute set requires. Returns the product with its attributes.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: productAttributesRemoveInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const set = await currentSet(env, storeId, input.productId)
    const attributes: AttributeRef[] = []
    for (const [index, code] of input.codes.entries())
      attributes.push({ attributeId: await resolveAttributeCode(env, storeId, code, ['input', 'codes', index]), code })
    const facts = await factsFor(
      env,
      storeId,
      set,
      attributes.map((a) => a.attributeId),
    )
    return onProduct(env, input.productId, {
      type: 'ProductAttributesRemove',
      data: { productId: input.productId, attributes },
      facts,
    })
  },
})

export const productAttributeSetChange = defineCommand({
  name: 'productAttributeSetChange',
  tool: 'change_product_attribute_set',
  description:
    'Move a product to another attribute set (attributeSetId), or out of any (null or omitted). Values of attributes the new set does not hold ' +
    'are dropped: without dropValues: true the call is refused with the list of codes that would go, so ask the user first. values ' +
    "[{code, value}] sets values in the same write, e.g. the new set's required attributes. Returns the product with its attributes.",
  ...WRITE,
  // dropValues is the confirmation: without it nothing is dropped.
  annotations: { destructive: false, idempotent: true },
  input: productAttributeSetChangeInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const writes = await resolveWrites(env, storeId, input.values ?? [], 'values')
    const set =
      input.attributeSetId == null
        ? null
        : await readAttributeSet(env, storeId, input.attributeSetId, ['input', 'attributeSetId'])
    const facts = await checkedFacts(env, storeId, set, writes, 'values')
    return onProduct(env, input.productId, {
      type: 'ProductAttributeSetChange',
      data: {
        productId: input.productId,
        attributeSetId: input.attributeSetId ?? null,
        dropValues: input.dropValues ?? false,
        values: writes,
      },
      facts,
    })
  },
})

export const productAttributeCommands: readonly AnyCommandDefinition[] = [
  productAttributesSet,
  productAttributesRemove,
  productAttributeSetChange,
]

/**
 * productCreate's `attributeSetId` and `attributes`, resolved and with their facts, or undefined
 * when neither is given. Errors point into `input.attributes`.
 */
export async function attributesOnCreate(
  env: PrepareEnv,
  storeId: string,
  attributeSetId: string | null | undefined,
  values: readonly { code: string; value: unknown }[] | null | undefined,
): Promise<AttributesOnCreate | undefined> {
  if (!attributeSetId && !values?.length) return undefined
  const writes = await resolveWrites(env, storeId, values ?? [], 'attributes')
  const set = attributeSetId ? await readAttributeSet(env, storeId, attributeSetId, ['input', 'attributeSetId']) : null
  const facts = await checkedFacts(env, storeId, set, writes, 'attributes')
  return { attributeSetId: attributeSetId ?? null, values: writes, facts }
}

async function resolveWrites(
  env: PrepareEnv,
  storeId: string,
  values: readonly { code: string; value: unknown }[],
  field: string,
): Promise<ValueWrite[]> {
  const writes: ValueWrite[] = []
  for (const [index, { code, value }] of values.entries()) {
    writes.push({ attributeId: await resolveAttributeCode(env, storeId, code, ['input', field, index, 'code']), value })
  }
  return writes
}

/** The set the product is in now, as its own stream says; null when it is in none. */
async function currentSet(env: PrepareEnv, storeId: string, productId: string): Promise<SetFacts | null> {
  const events = await env.readStream(productStream(storeId, productId))
  const state = fold(
    productAttributesDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as ProductEvent),
  )
  const setId = state.kind === 'existing' ? state.attributeSetId : null
  return setId === null ? null : setOrEmpty(env, storeId, setId)
}

/** A set deleted under a product (the delete checks a lagging read model) holds nothing, so only moving the product out helps. */
async function setOrEmpty(env: PrepareEnv, storeId: string, attributeSetId: string): Promise<SetFacts> {
  try {
    return await readAttributeSet(env, storeId, attributeSetId, [])
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND')
      return { attributeSetId, name: 'deleted set', attributeIds: [] }
    throw error
  }
}

async function factsFor(
  env: PrepareEnv,
  storeId: string,
  set: SetFacts | null,
  attributeIds: readonly string[],
): Promise<AttributeFacts> {
  const attributes = await readAttributes(env, storeId, [...attributeIds, ...(set?.attributeIds ?? [])])
  return { set, attributes: [...attributes.values()] }
}

/** The facts `writes` are checked against in `set`, once each MEDIA value among them names a live media. */
async function checkedFacts(
  env: PrepareEnv,
  storeId: string,
  set: SetFacts | null,
  writes: readonly ValueWrite[],
  field: string,
): Promise<AttributeFacts> {
  const facts = await factsFor(
    env,
    storeId,
    set,
    writes.map((w) => w.attributeId),
  )
  await requireLiveMediaValues(env, storeId, writes, facts, field)
  return facts
}

/** A MEDIA value must name a media of this store's library, checked against its live reservation. */
async function requireLiveMediaValues(
  env: PrepareEnv,
  storeId: string,
  writes: readonly ValueWrite[],
  facts: AttributeFacts,
  field: string,
): Promise<void> {
  for (const [index, write] of writes.entries()) {
    const attribute = facts.attributes.find((a) => a.attributeId === write.attributeId)
    if (attribute?.type !== 'MEDIA' || typeof write.value !== 'string' || !isUuid(write.value)) continue
    const mediaId = write.value.toLowerCase()
    if (!(await mediaLives(env, storeId, mediaId))) {
      throw new DomainError('NOT_FOUND', `media '${write.value}' does not exist in this store`, {
        field: ['input', field, index, 'value'],
      })
    }
  }
}
