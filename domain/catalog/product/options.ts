import { DomainError, badInput } from '../../shared/errors.js'
import type { ProductOptionAdd, ProductOptionRemove, ProductOptionUpdate } from './variant-commands.js'
import type { ProductVariantEvent } from './variant-events.js'
import { OPTIONS_MAX, applyCatalogEvent, type Catalog, type ProductOption } from './variants.js'

// Deciders of the option commands: pure functions of a product's catalog.

/** Existing variants take the new option's first value, so every variant still names one value of every option. */
export function addOption(catalog: Catalog, command: ProductOptionAdd): ProductVariantEvent[] {
  const { productId, optionId, name, values, position } = command.data
  if (catalog.options.length >= OPTIONS_MAX) {
    throw badInput(
      ['input', 'name'],
      `a product may have at most ${OPTIONS_MAX} options; it has ${catalog.options.map((o) => o.name).join(', ')}`,
    )
  }
  requireFreeName(catalog, name, null, ['input', 'name'])
  const at = Math.min(position ?? catalog.options.length, catalog.options.length)
  return [
    {
      type: 'ProductOptionAdded',
      data: { productId, optionId, name, values: [...values], position: at, variantValue: values[0]! },
    },
  ]
}

/** Renames, value renames, the new value list and the move, in that order; what stays the same records nothing. */
export function updateOption(catalog: Catalog, command: ProductOptionUpdate): ProductVariantEvent[] {
  const { productId, optionId, name, position, renameValues, values } = command.data
  const original = findOption(catalog, optionId)
  const events: ProductVariantEvent[] = []
  if (name !== undefined && name !== original.name) {
    requireFreeName(catalog, name, optionId, ['input', 'name'])
    events.push({ type: 'ProductOptionRenamed', data: { productId, optionId, from: original.name, to: name } })
  }
  let current = original.values
  for (const [index, rename] of (renameValues ?? []).entries()) {
    if (rename.from === rename.to) continue
    if (!current.includes(rename.from)) {
      throw badInput(
        ['input', 'renameValues', index, 'from'],
        `option '${original.name}' has no value '${rename.from}'; its values are ${current.join(', ')}`,
      )
    }
    if (current.includes(rename.to)) {
      throw badInput(
        ['input', 'renameValues', index, 'to'],
        `option '${original.name}' already has a value '${rename.to}'; choose another name`,
      )
    }
    events.push({ type: 'ProductOptionValueRenamed', data: { productId, optionId, from: rename.from, to: rename.to } })
    current = current.map((value) => (value === rename.from ? rename.to : value))
  }
  if (values !== undefined) events.push(...changeValues(catalog, original, current, values, productId))
  if (position !== undefined) {
    const others = catalog.options.filter((o) => o.optionId !== optionId).map((o) => o.optionId)
    const optionIds = [...others.slice(0, position), optionId, ...others.slice(position)]
    if (optionIds.some((id, i) => id !== catalog.options[i]!.optionId))
      events.push({ type: 'ProductOptionsReordered', data: { productId, optionIds } })
  }
  return events
}

function changeValues(
  catalog: Catalog,
  option: ProductOption,
  current: string[],
  values: string[],
  productId: string,
): ProductVariantEvent[] {
  const optionId = option.optionId
  const added = values.filter((value) => !current.includes(value))
  const removed = current.filter((value) => !values.includes(value))
  const index = catalog.options.findIndex((o) => o.optionId === optionId)
  for (const value of removed) {
    // Variants still hold the value before the renames of this command, if one renamed it.
    const renamedFrom = option.values[current.indexOf(value)]
    const users = catalog.variants.filter((v) => v.optionValues[index] === renamedFrom).length
    if (users > 0) {
      throw badInput(
        ['input', 'values'],
        `value '${value}' of option '${option.name}' is used by ${users} variant${users === 1 ? '' : 's'}; ` +
          'delete those variants or give them another value first, or keep the value in the list',
      )
    }
  }
  if (added.length || removed.length)
    return [{ type: 'ProductOptionValuesChanged', data: { productId, optionId, values: [...values], added, removed } }]
  if (values.some((value, i) => value !== current[i]))
    return [{ type: 'ProductOptionValuesReordered', data: { productId, optionId, values: [...values] } }]
  return []
}

/** Refused while two variants would then have the same values: they could no longer be told apart. */
export function removeOption(catalog: Catalog, command: ProductOptionRemove): ProductVariantEvent[] {
  const { productId, optionId } = command.data
  const option = findOption(catalog, optionId)
  const event: ProductVariantEvent = { type: 'ProductOptionRemoved', data: { productId, optionId, name: option.name } }
  const after = applyCatalogEvent(catalog, event)
  const seen = new Map<string, string>()
  for (const variant of after.variants) {
    const key = JSON.stringify(variant.optionValues)
    const twin = seen.get(key)
    if (twin !== undefined) {
      const inUse = [...new Set(catalog.variants.map((v) => v.optionValues[catalog.options.indexOf(option)]))].join(
        ', ',
      )
      throw badInput(
        ['input', 'id'],
        `removing option '${option.name}' would leave variants '${twin}' and '${variant.variantId}' with the same values; ` +
          `it is used with the values ${inUse}: delete variants until only one value of '${option.name}' is used, then remove it`,
      )
    }
    seen.set(key, variant.variantId)
  }
  return [event]
}

export function findOption(catalog: Catalog, optionId: string): ProductOption {
  const option = catalog.options.find((o) => o.optionId === optionId)
  if (!option) {
    const known = catalog.options.length
      ? `its options are ${catalog.options.map((o) => `${o.name} (${o.optionId})`).join(', ')}`
      : 'it has no options'
    throw new DomainError('NOT_FOUND', `product '${catalog.productId}' has no option '${optionId}'; ${known}`, {
      field: ['input', 'id'],
    })
  }
  return option
}

function requireFreeName(
  catalog: Catalog,
  name: string,
  except: string | null,
  field: readonly (string | number)[],
): void {
  const clash = catalog.options.find((o) => o.optionId !== except && o.name.toLowerCase() === name.toLowerCase())
  if (clash) throw badInput(field, `the product already has an option '${clash.name}'; choose another name`)
}
