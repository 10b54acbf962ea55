import {
  buildSchema,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { allCommands, allServices } from '../../../domain/commands.js'
import { graphqlSlices } from '../slices.js'
import { MUTATION_ALIASES, NON_COMMAND_MUTATIONS, mutationName } from './mutations.js'
import { sharedTypeDefs } from './schema.js'

type Json = { [key: string]: unknown }

const schema = buildSchema([sharedTypeDefs, ...graphqlSlices.map((slice) => slice.typeDefs)].join('\n'))
const mutations = schema.getMutationType()!.getFields()
/** Commands and services alike: transports serve both from the registry. */
const registry = [...allCommands, ...allServices]
const byMutationName = new Map(registry.map((definition) => [mutationName(definition), definition]))

/** Whether a JSON schema lets null through (zod's nullable/nullish print as `anyOf [T, {type: null}]`). */
function acceptsNull(json: Json): boolean {
  // A nullable primitive prints as `type: ['string', 'null']`.
  if (json.type === 'null' || (Array.isArray(json.type) && json.type.includes('null'))) return true
  const options = (json.anyOf ?? json.oneOf) as Json[] | undefined
  return options?.some(acceptsNull) ?? Object.keys(json).length === 0
}

/** The JSON schema without its null option. */
function withoutNull(json: Json): Json {
  if (Array.isArray(json.type)) {
    const types = (json.type as string[]).filter((type) => type !== 'null')
    return { ...json, type: types.length === 1 ? types[0] : types }
  }
  const options = (json.anyOf ?? json.oneOf) as Json[] | undefined
  const rest = options?.filter((option) => option.type !== 'null')
  return rest?.length === 1 ? rest[0]! : json
}

/** The JSON types a schema accepts: a union of strings (`''` or a UUID) is a string. */
function jsonTypes(json: Json): (string | undefined)[] {
  const options = (json.anyOf ?? json.oneOf) as Json[] | undefined
  if (options) return options.flatMap(jsonTypes)
  return Array.isArray(json.type) ? (json.type as string[]) : [json.type as string | undefined]
}

/** What a GraphQL scalar may stand for in zod's JSON schema: its JSON type, or anything for scalars zod cannot print. */
const SCALAR_JSON_TYPES: Record<string, readonly (string | undefined)[]> = {
  ID: ['string'],
  String: ['string'],
  Int: ['integer'],
  Float: ['number'],
  Boolean: ['boolean'],
  Locale: ['string'],
  CurrencyCode: ['string'],
  Decimal: ['string'],
  DateTime: ['string', undefined],
  JSON: [undefined, 'object'],
  Upload: [undefined],
}

/**
 * Walks a GraphQL input type and the zod schema's JSON schema in parallel and lists where one
 * accepts what the other refuses: a field only one side has, a required field that is optional
 * on the other, null accepted on one side only, an enum value, a scalar of another kind.
 */
function differences(type: GraphQLInputType, json: Json, at: string): string[] {
  const nullable = !isNonNullType(type)
  if (nullable !== acceptsNull(json)) return [`${at}: GraphQL ${nullable ? 'takes' : 'refuses'} null, zod does not`]
  const inner = getNullableType(type)
  const value = withoutNull(json)
  if (isListType(inner)) {
    if (value.type !== 'array') return [`${at}: a list in GraphQL, ${String(value.type)} in zod`]
    return differences(inner.ofType, value.items as Json, `${at}[]`)
  }
  if (isEnumType(inner)) {
    const graphql = inner.getValues().map((v) => v.name)
    const zod = (value.enum as string[] | undefined) ?? []
    return graphql.sort().join() === [...zod].sort().join() ? [] : [`${at}: ${inner.name} is ${graphql}, zod ${zod}`]
  }
  if (isScalarType(inner)) {
    const allowed = SCALAR_JSON_TYPES[inner.name]
    if (!allowed) return [`${at}: no rule for scalar ${inner.name}`]
    const types = jsonTypes(value)
    return types.every((type) => allowed.includes(type)) ? [] : [`${at}: ${inner.name} in GraphQL, ${types} in zod`]
  }
  if (!isInputObjectType(inner)) return [`${at}: ${String(inner)} is not an input type`]
  const properties = (value.properties ?? {}) as Record<string, Json>
  const required = new Set((value.required ?? []) as string[])
  const fields = inner.getFields()
  const problems = Object.keys(properties)
    .filter((name) => !fields[name])
    .map((name) => `${at}.${name}: zod takes it, GraphQL does not`)
  for (const [name, field] of Object.entries(fields)) {
    const property = properties[name]
    if (!property) problems.push(`${at}.${name}: GraphQL takes it, zod does not`)
    else if (isNonNullType(field.type) === !required.has(name)) {
      problems.push(`${at}.${name}: ${required.has(name) ? 'required' : 'optional'} in zod, not in GraphQL`)
    } else problems.push(...differences(field.type, property, `${at}.${name}`))
  }
  return problems
}

describe('mutations', () => {
  it('are registered commands offered over GraphQL, or on the commented allow-list', () => {
    const strays = Object.keys(mutations).filter(
      (name) => !NON_COMMAND_MUTATIONS[name] && !byMutationName.get(name)?.transports.includes('graphql'),
    )
    expect(strays).toEqual([])
  })

  it('name each command and service once', () => {
    const names = registry.map((d) => d.name)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
  })

  it('serve every command offered over GraphQL', () => {
    const missing = registry.filter((d) => d.transports.includes('graphql') && !mutations[mutationName(d)])
    expect(missing.map((d) => d.name)).toEqual([])
  })

  it('are named as their commands except through the one alias table', () => {
    for (const [command, mutation] of Object.entries(MUTATION_ALIASES)) {
      expect(registry.some((d) => d.name === command)).toBe(true)
      expect(mutations[mutation]).toBeDefined()
    }
  })

  it('take one input, exactly what the command input accepts: fields, required ones, null, enums, scalars', () => {
    const problems = Object.values(mutations).flatMap((field) => {
      const definition = byMutationName.get(field.name)
      if (!definition || NON_COMMAND_MUTATIONS[field.name]) return []
      const [input, ...others] = field.args
      if (input?.name !== 'input' || others.length)
        return [`${field.name}: takes ${field.args.map((a) => a.name)}, not input alone`]
      const json = z.toJSONSchema(definition.input, { io: 'input', unrepresentable: 'any' }) as Json
      return differences(input.type, json, `${field.name}.input`)
    })
    expect(problems).toEqual([])
  })
})
