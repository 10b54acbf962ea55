import { z } from 'zod'
import { inputNames } from '../../../domain/shared/input-names.js'

/**
 * GraphQL input SDL from a command's zod input, so the zod schema is the one definition of what
 * a mutation takes: objects become input types, optional or nullable fields nullable ones,
 * arrays lists, `.describe()` texts docstrings. What the shape does not say (an enum's type
 * name, a string that is a `Locale`) comes from `inputNames` (domain/shared/input-names.ts).
 *
 * @example
 * const types = new InputTypes()
 * types.add(pageCreateInput, 'PageCreateInput', 'Page') // also declares PageSeoInput for its `seo` field
 * types.sdl() // 'input PageCreateInput { … }\n\ninput PageSeoInput { … }'
 */
export class InputTypes {
  private readonly byName = new Map<string, string>()

  /** Declares `name` (and the input types nested in it, named `<prefix><Field>Input`); returns the name. */
  add(schema: z.ZodType, name: string, prefix: string): string {
    const object = unwrap(schema).inner
    if (!(object instanceof z.ZodObject)) throw new Error(`${name}: a command input must be an object`)
    const fields = Object.entries(object.shape as Record<string, z.ZodType>).map(([field, fieldSchema]) => {
      const type = this.fieldType(fieldSchema, `${name}.${field}`, `${prefix}${pascal(field)}Input`, prefix)
      return `${docstring(description(fieldSchema))}${field}: ${type}`
    })
    if (fields.length === 0) throw new Error(`${name}: GraphQL has no empty input types; give the command no input`)
    const sdl = `${docstring(description(schema))}input ${name} {\n${fields.map((f) => `  ${f}`).join('\n')}\n}`
    const known = this.byName.get(name)
    if (known !== undefined && known !== sdl) throw new Error(`input ${name} is declared twice with different fields`)
    this.byName.set(name, sdl)
    return name
  }

  sdl(): string {
    return [...this.byName.values()].join('\n\n')
  }

  private fieldType(schema: z.ZodType, at: string, nestedName: string, prefix: string): string {
    const { inner, nullable } = unwrap(schema)
    return `${this.namedType(inner, at, nestedName, prefix)}${nullable ? '' : '!'}`
  }

  private namedType(schema: z.ZodType, at: string, nestedName: string, prefix: string): string {
    const name = inputNames.get(schema)?.name
    if (schema instanceof z.ZodObject) return this.add(schema, name ?? nestedName, prefix)
    if (name) return name
    if (schema instanceof z.ZodArray) {
      return `[${this.fieldType(schema.element as z.ZodType, `${at}[]`, singular(nestedName), prefix)}]`
    }
    const def = schema._zod.def
    if (schema instanceof z.ZodPipe) return this.namedType(schema.in as z.ZodType, at, nestedName, prefix)
    if (def.type === 'string') return format(schema) === 'uuid' ? 'ID' : 'String'
    if (def.type === 'number') return ['safeint', 'int32'].includes(format(schema) ?? '') ? 'Int' : 'Float'
    if (def.type === 'boolean') return 'Boolean'
    if (def.type === 'record' || def.type === 'unknown') return 'JSON'
    throw new Error(`${at}: no GraphQL input type for zod '${schema._zod.def.type}'; name it with named()`)
  }
}

/** The schema inside optional/nullable/default wrappers, and whether any of them lets null or nothing through. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; nullable: boolean } {
  let inner = schema
  let nullable = false
  for (;;) {
    if (inputNames.get(inner)) return { inner, nullable }
    if (inner instanceof z.ZodPipe && (inner.in as z.ZodType)._zod.optin === 'optional') {
      inner = inner.in as z.ZodType
    } else if (
      inner instanceof z.ZodOptional ||
      inner instanceof z.ZodNullable ||
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodPrefault
    ) {
      nullable = true
      inner = inner.unwrap() as z.ZodType
    } else return { inner, nullable }
  }
}

/** A string's or number's format (`uuid`, `safeint`): the schema's own, or that of one of its checks. */
function format(schema: z.ZodType): string | undefined {
  const def = schema._zod.def as { format?: string; checks?: { _zod: { def: { format?: string } } }[] }
  return def.format ?? def.checks?.map((check) => check._zod.def.format).find(Boolean)
}

/** The first `.describe()` text from the outside in. */
function description(schema: z.ZodType): string | undefined {
  for (let at: z.ZodType | undefined = schema; at;) {
    const text = z.globalRegistry.get(at)?.description
    if (text) return text
    at =
      at instanceof z.ZodOptional || at instanceof z.ZodNullable || at instanceof z.ZodDefault
        ? (at.unwrap() as z.ZodType)
        : undefined
  }
  return undefined
}

/** A GraphQL string literal holding `text`: JSON's escapes are GraphQL's. */
function docstring(text: string | undefined): string {
  return text ? `${JSON.stringify(text)}\n  ` : ''
}

export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** `MenuItemsInput` → `MenuItemInput`: the element type of a list field is named for one element. */
function singular(name: string): string {
  return name.replace(/ies(Input)$/, 'y$1').replace(/s(Input)$/, '$1')
}
