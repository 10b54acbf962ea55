import type { z } from 'zod'
import type { PrepareEnv } from '../../shared/command.js'
import { DomainError, conflict } from '../../shared/errors.js'
import { requireLiveMedia } from '../../media/live.js'
import { storeStream } from '../../tenancy/store/streams.js'
import { toMinorUnits } from './money.js'
import { productSkuKey } from './streams.js'
import type {
  CatalogDraft,
  OptionDraft,
  Path,
  VariantDraft,
  VariantPatch,
  optionCreateInput,
  variantCreateInput,
} from './variant-commands.js'

// What the variant commands gather before deciding: the store's currency (prices are typed in
// it), whether a SKU is held by another product, whether an image lives in the store.

type VariantCreateInput = z.output<typeof variantCreateInput>
type OptionCreateInput = z.output<typeof optionCreateInput>
/** The optional fields of productVariantUpdate and of each productVariantsBulkUpdate item. */
export type VariantUpdateInput = Partial<
  Record<'price' | 'compareAtPrice' | 'cost' | 'sku' | 'barcode' | 'mediaId', string | null>
> & {
  inventoryTracked?: boolean | null
  weight?: VariantDraft['weight'] | null
  optionValues?: { name: string; value: string }[] | null
}

/**
 * The store's currency now, from the store's own stream. Only the events that set it matter;
 * whatever else the store records is ignored.
 */
export async function storeCurrency(env: PrepareEnv, storeId: string): Promise<string> {
  let currency: string | null = null
  for (const event of await env.readStream(storeStream(env.ctx.organizationId, storeId))) {
    if (event.type === 'StoreCreated' && typeof event.data.currency === 'string') currency = event.data.currency
    if (event.type === 'StoreCurrencyChanged') {
      const next = event.data.currency ?? event.data.to
      if (typeof next === 'string') currency = next
    }
  }
  if (!currency) throw new DomainError('NOT_FOUND', `store '${storeId}' does not exist`)
  return currency
}

/** A new variant with its id and its money in minor units; refuses SKUs and images that are not the product's to use. */
export async function variantDraft(
  input: VariantCreateInput,
  field: Path,
  currency: string,
  env: PrepareEnv,
  storeId: string,
  productId: string,
): Promise<VariantDraft> {
  const sku = input.sku ?? ''
  await requireFreeSku(env, storeId, productId, sku, [...field, 'sku'])
  if (input.mediaId) await requireLiveMedia(env, storeId, input.mediaId, [...field, 'mediaId'])
  const minor = (amount: string | null | undefined, name: string) =>
    amount == null ? null : toMinorUnits(amount, currency, [...field, name])
  return {
    variantId: env.newId(),
    field,
    sku,
    barcode: input.barcode ?? '',
    price: minor(input.price, 'price')!,
    compareAtPrice: minor(input.compareAtPrice, 'compareAtPrice'),
    cost: minor(input.cost, 'cost'),
    currencyCode: currency,
    inventoryTracked: input.inventoryTracked ?? true,
    inventoryQuantity: input.inventoryQuantity ?? 0,
    weight: input.weight && input.weight.value > 0 ? input.weight : null,
    optionValues: input.optionValues ?? null,
    mediaId: input.mediaId || null,
  }
}

/** The fields to change; "" removes compareAtPrice, cost and the image, a weight of 0 removes the weight. */
export async function variantPatch(
  variantId: string,
  input: VariantUpdateInput,
  field: Path,
  currency: string,
  env: PrepareEnv,
  storeId: string,
  productId: string,
): Promise<VariantPatch> {
  if (input.sku != null) await requireFreeSku(env, storeId, productId, input.sku, [...field, 'sku'])
  if (input.mediaId) await requireLiveMedia(env, storeId, input.mediaId, [...field, 'mediaId'])
  const clearable = (amount: string | null | undefined, name: string) =>
    amount == null ? undefined : amount === '' ? null : toMinorUnits(amount, currency, [...field, name])
  const patch: VariantPatch = { variantId, field, currencyCode: currency }
  if (input.price != null) patch.price = toMinorUnits(input.price, currency, [...field, 'price'])
  if (input.compareAtPrice != null) patch.compareAtPrice = clearable(input.compareAtPrice, 'compareAtPrice')
  if (input.cost != null) patch.cost = clearable(input.cost, 'cost')
  if (input.sku != null) patch.sku = input.sku
  if (input.barcode != null) patch.barcode = input.barcode
  if (input.inventoryTracked != null) patch.inventoryTracked = input.inventoryTracked
  if (input.weight != null) patch.weight = input.weight.value > 0 ? input.weight : null
  if (input.optionValues != null) patch.optionValues = input.optionValues
  if (input.mediaId != null) patch.mediaId = input.mediaId || null
  return patch
}

/** productCreate's options and variants with their ids, or undefined when it brings none. */
export async function catalogDraft(
  options: readonly OptionCreateInput[] | null | undefined,
  variants: readonly VariantCreateInput[] | null | undefined,
  env: PrepareEnv,
  storeId: string,
  productId: string,
): Promise<CatalogDraft | undefined> {
  if (!options?.length && !variants?.length) return undefined
  const drafts: OptionDraft[] = (options ?? []).map((option) => ({
    optionId: env.newId(),
    name: option.name,
    values: [...option.values],
  }))
  if (!variants?.length) return { options: drafts, variants: [] }
  const currency = await storeCurrency(env, storeId)
  const resolved: VariantDraft[] = []
  for (const [index, variant] of variants.entries())
    resolved.push(await variantDraft(variant, ['input', 'variants', index], currency, env, storeId, productId))
  return { options: drafts, variants: resolved }
}

/**
 * Checked here for a precise answer (the field of the variant at fault); the reservation the
 * command path claims in the same write is what holds against a concurrent writer.
 */
async function requireFreeSku(
  env: PrepareEnv,
  storeId: string,
  productId: string,
  sku: string,
  field: Path,
): Promise<void> {
  if (sku === '') return
  const owner = await env.reservationOwner(storeId, productSkuKey(sku))
  if (owner !== null && owner !== productId) {
    throw conflict(
      `sku '${sku}' is taken in this store by a variant of product '${owner}'; choose another or change that variant`,
      field,
    )
  }
}
