import type { Catalog, ProductVariant } from '../../../domain/catalog/product/variants.js'

/** A variant as a line gives it; only what matching reads is typed, the rest goes to the command. */
export type ImportVariant = { sku?: unknown; optionValues?: unknown } & Record<string, unknown>

/**
 * Which of a product's variants a line's variant stands for:
 * - `found`: the variant with its SKU, else the one with its option values (one value for each
 *   of the product's options, by name; a product without options has one variant, of no values);
 * - `none`: neither matches, but the line names a SKU or a whole combination, so it adds a variant;
 * - `unmatchable`: the line names neither, so it cannot say which variant it means.
 */
export function matchVariant(
  catalog: Catalog,
  line: ImportVariant,
): { kind: 'found'; variant: ProductVariant } | { kind: 'none' } | { kind: 'unmatchable' } {
  const sku = typeof line.sku === 'string' ? line.sku.trim() : ''
  const bySku = sku ? catalog.variants.find((variant) => variant.sku === sku) : undefined
  if (bySku) return { kind: 'found', variant: bySku }
  const values = combination(catalog, line.optionValues)
  const byValues = values
    ? catalog.variants.find((variant) => variant.optionValues.every((value, index) => value === values[index]))
    : undefined
  if (byValues) return { kind: 'found', variant: byValues }
  return sku || values ? { kind: 'none' } : { kind: 'unmatchable' }
}

/**
 * The line's option values in the product's option order, or null when they do not name each
 * option exactly once. No values at all name the one combination of a product without options.
 */
function combination(catalog: Catalog, given: unknown): string[] | null {
  const list = given == null ? [] : given
  if (!Array.isArray(list) || list.length !== catalog.options.length) return null
  const named = new Map<string, string>()
  for (const entry of list) {
    const { name, value } = (entry ?? {}) as { name?: unknown; value?: unknown }
    if (typeof name !== 'string' || typeof value !== 'string') return null
    named.set(name.trim(), value.trim())
  }
  const values = catalog.options.map((option) => named.get(option.name))
  return values.every((value) => value !== undefined) ? (values as string[]) : null
}
