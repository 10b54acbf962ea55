import { EnumValue, OMIT, type FuzzValue } from './literals.js'
import type { Rng } from './prng.js'
import { isNonNull, namedType, nullable, type InputValue, type NamedType, type TypeRef } from './schema-model.js'
import { idOf, idTypeFor, type FuzzWorld } from './world.js'

export interface ValueContext {
  operation: string
  types: Map<string, NamedType>
  world: FuzzWorld
  rng: Rng
  /** Ids are guessed per type among these names. */
  idTypes: readonly string[]
  /** How often each value class was drawn so far in the run. */
  classUses: Map<string, number>
}

/** A plausible string for a field, by its name, as an attacker learns from the refusals: handles, codes, emails, URLs, paths. */
function stringFor(name: string, ctx: ValueContext): string {
  const n = ctx.rng.int(1e9)
  const operation = ctx.operation
  if (name === 'template') return 'index'
  if (name === 'path' || name === 'paths')
    return operation.startsWith('theme') ? `snippets/fuzz-${n}.liquid` : `/fuzz-${n}`
  if (name === 'templateSuffix') return `fuzz-${n}`
  if (/locale/i.test(name)) return 'en'
  if (name === 'mimeType') return 'image/png'
  if (/Date$/.test(name)) return '2026-01-31'
  if (/attributeCodes|^codes$/.test(name)) return 'color'
  if (name === 'sourceDigest') return 'a'.repeat(64)
  if (/handle|slug/i.test(name)) return `fuzz-${n}`
  if (/^code$|Code$/.test(name)) return `fuzz_${n}`
  if (/email/i.test(name)) return `fuzz${n}@example.com`
  if (/password/i.test(name)) return `correct horse battery staple ${n}`
  if (/hostname|domain/i.test(name)) return `fuzz${n}.example.com`
  if (/url|href/i.test(name)) return `https://example.com/fuzz-${n}`
  if (/^sku$/i.test(name)) return `SKU-${n}`
  if (name === 'key') return `fuzz_${n}`
  if (/currency/i.test(name)) return 'USD'
  return `Fuzz ${n}`
}

function scalarFor(type: string, name: string, ctx: ValueContext): FuzzValue {
  switch (type) {
    case 'String':
      return stringFor(name, ctx)
    case 'ID':
      return idOf(ctx.world.a, idTypeFor(ctx.operation, name, ctx.idTypes)) ?? ctx.rng.uuid()
    case 'Int':
      return /^(first|last|limit)$/.test(name) ? 5 : /position|index|offset/i.test(name) ? 0 : 1
    case 'Float':
      return 1.5
    case 'Boolean':
      return name === 'dryRun'
    case 'DateTime':
      return '2031-01-01T00:00:00.000Z'
    case 'JSON':
      return { fuzz: 1 }
    case 'Decimal':
      return '10.00'
    case 'CurrencyCode':
      return 'USD'
    case 'Locale':
      return 'fr'
    case 'Upload':
      return OMIT
    default:
      return stringFor(name, ctx)
  }
}

const COMBINATORS = ['and', 'or', 'not']

/**
 * A valid-ish value of `ref`: required input fields filled, optional ones left out (all of them
 * with `full`), except the branch `force` leads into (so a malformed value placed there sits
 * inside a well-formed input).
 */
export function baseline(
  ref: TypeRef,
  name: string,
  ctx: ValueContext,
  force: readonly string[] = [],
  depth = 0,
  full = false,
): FuzzValue {
  const type = nullable(ref)
  if (type.kind === 'LIST') return [baseline(type.ofType!, name, ctx, force, depth + 1, full)]
  const named = ctx.types.get(namedType(type))!
  if (named.kind === 'ENUM') return new EnumValue(ctx.rng.pick(named.enumValues ?? [{ name: 'NONE' }]).name)
  if (named.kind !== 'INPUT_OBJECT') return scalarFor(named.name, name, ctx)
  const object: Record<string, FuzzValue> = {}
  if (depth > 8) return object
  for (const field of named.inputFields ?? []) {
    const wanted =
      field.name === force[0] || isRequired(field) || (full && depth < 4 && !COMBINATORS.includes(field.name))
    if (wanted)
      object[field.name] = baseline(
        field.type,
        field.name,
        ctx,
        field.name === force[0] ? force.slice(1) : [],
        depth + 1,
        full,
      )
  }
  return object
}

export const isRequired = (value: InputValue): boolean => isNonNull(value.type) && value.defaultValue === null
