import { getIntrospectionQuery } from 'graphql'

/** The parts of an introspection answer the fuzzer reads. */
export interface TypeRef {
  kind: 'SCALAR' | 'OBJECT' | 'INTERFACE' | 'UNION' | 'ENUM' | 'INPUT_OBJECT' | 'LIST' | 'NON_NULL'
  name: string | null
  ofType: TypeRef | null
}

export interface InputValue {
  name: string
  type: TypeRef
  defaultValue: string | null
}

export interface FieldDef {
  name: string
  args: InputValue[]
  type: TypeRef
}

export interface NamedType {
  kind: TypeRef['kind']
  name: string
  fields: FieldDef[] | null
  inputFields: InputValue[] | null
  enumValues: { name: string }[] | null
}

export interface Operation {
  kind: 'query' | 'mutation'
  field: FieldDef
}

export interface SchemaModel {
  types: Map<string, NamedType>
  operations: Operation[]
}

export function namedType(ref: TypeRef): string {
  return ref.ofType ? namedType(ref.ofType) : ref.name!
}

export const isNonNull = (ref: TypeRef): boolean => ref.kind === 'NON_NULL'

/** The type without its outer NON_NULL. */
export const nullable = (ref: TypeRef): TypeRef => (ref.kind === 'NON_NULL' ? ref.ofType! : ref)

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }'

/** What an attacker sends when the standard query is refused for its depth: type refs 4 deep cover `[X!]!`. */
const SHALLOW_INTROSPECTION = `{ __schema { queryType { name } mutationType { name } types { kind name enumValues(includeDeprecated: true) { name }
  inputFields { name defaultValue type { ${TYPE_REF} } } fields(includeDeprecated: true) { name type { ${TYPE_REF} } args { name defaultValue type { ${TYPE_REF} } } } } } }`

/**
 * The schema as an attacker sees it: `getIntrospectionQuery()` of graphql-js over HTTP with the
 * caller's key (a shallower one if that is refused), then the operations of Query and Mutation.
 */
export async function introspect(send: (query: string) => Promise<{ data?: unknown; errors?: { message: string }[] }>): Promise<SchemaModel & { standard: boolean }> {
  let answer = await send(getIntrospectionQuery())
  const standard = !answer.errors?.length
  if (!standard) answer = await send(SHALLOW_INTROSPECTION)
  const schema = (answer.data as { __schema?: { types: NamedType[]; queryType: { name: string }; mutationType: { name: string } | null } } | undefined)?.__schema
  if (!schema) throw new Error(`introspection was refused: ${JSON.stringify(answer.errors)}`)
  const types = new Map(schema.types.map((t) => [t.name, t]))
  const operations: Operation[] = []
  for (const field of types.get(schema.queryType.name)?.fields ?? []) operations.push({ kind: 'query', field })
  if (schema.mutationType) for (const field of types.get(schema.mutationType.name)?.fields ?? []) operations.push({ kind: 'mutation', field })
  return { types, operations, standard }
}
