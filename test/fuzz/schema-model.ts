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

/**
 * The schema as an attacker sees it: `getIntrospectionQuery()` of graphql-js (what GraphiQL,
 * Postman and codegen send) over HTTP with the caller's key, then the operations of Query and Mutation.
 */
export async function introspect(
  send: (query: string) => Promise<{ data?: unknown; errors?: { message: string }[] }>,
): Promise<SchemaModel> {
  const answer = await send(getIntrospectionQuery())
  const schema = (
    answer.data as
      | { __schema?: { types: NamedType[]; queryType: { name: string }; mutationType: { name: string } | null } }
      | undefined
  )?.__schema
  if (!schema) throw new Error(`introspection was refused: ${JSON.stringify(answer.errors)}`)
  const types = new Map(schema.types.map((t) => [t.name, t]))
  const operations: Operation[] = []
  for (const field of types.get(schema.queryType.name)?.fields ?? []) operations.push({ kind: 'query', field })
  if (schema.mutationType)
    for (const field of types.get(schema.mutationType.name)?.fields ?? []) operations.push({ kind: 'mutation', field })
  return { types, operations }
}
