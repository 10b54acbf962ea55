import { LIST_ARGS, connectionTypeDefs } from './schema.js'
import { sortValues, type AnyListSpec, type FilterField } from '../../../domain/shared/list-spec.js'

const docstring = (text: string | undefined, indent: string): string =>
  text ? `${indent}${JSON.stringify(text)}\n` : ''

/** `input <Name>Filter` (when the spec has filter fields) and `enum <Name>Sort`. */
export function listTypeDefs(spec: AnyListSpec): string {
  const fields = Object.entries<FilterField>(spec.filters)
  const filterSdl = fields.length
    ? `${docstring(spec.filterDescription, '  ')}  input ${spec.name}Filter {
${fields.map(([name, one]) => `${docstring(one.description, '    ')}    ${name}: ${one.type}`).join('\n')}
    and: [${spec.name}Filter!]
    or: [${spec.name}Filter!]
  }
`
    : ''
  const descriptions: Record<string, string | undefined> = spec.sortValueDescriptions ?? {}
  return `
${filterSdl}
${docstring(spec.sortDescription, '  ')}  enum ${spec.name}Sort {
${sortValues(spec)
  .map((value) => `${docstring(descriptions[value], '    ')}    ${value}`)
  .join('\n')}
  }
`
}

/**
 * The arguments of a list field: pagination, the filter (when the spec has one) and the sort,
 * defaulting to the spec's default sort unless `defaultSort: false` (a list whose default
 * depends on its parent, such as a collection's own product order).
 */
export function listFieldArgs(spec: AnyListSpec, options: { defaultSort?: boolean } = {}): string {
  const filterArg = Object.keys(spec.filters).length ? `\n      filter: ${spec.name}Filter` : ''
  const sortDefault = options.defaultSort === false ? '' : ` = ${spec.defaultSort}`
  return `${LIST_ARGS}${filterArg}
${docstring(spec.sortArgDescription, '      ')}      sort: ${spec.name}Sort${sortDefault}`
}

/**
 * SDL of a list field: `name` with the spec's arguments (`listFieldArgs`), answering
 * `<Name>Connection!`, documented by `doc`.
 *
 * @example `extend type Query { ${listField('pages', PAGE_LIST, "The store's pages, drafts included.")} }`
 */
export function listField(
  name: string,
  spec: AnyListSpec,
  doc: string,
  options: { defaultSort?: boolean } = {},
): string {
  return `${JSON.stringify(doc)}
    ${name}(${listFieldArgs(spec, options)}
    ): ${spec.name}Connection!`
}

/** A Query field of `resourceReadTypeDefs`: its name, docstring and (for the one-entity field) arguments. */
export interface QueryFieldDoc {
  name: string
  doc: string
  /** The arguments that find one entity; `id: ID!` when not given. */
  args?: string
}

/**
 * SDL of how a listed resource is read: its `<Name>Connection`, filter and sort types, and two
 * Query fields, `one` answering the entity found by its arguments and `list` answering the
 * connection (`listField`). The spec's name is the entity's GraphQL type.
 *
 * @example resourceReadTypeDefs(PAGE_LIST, {
 *   one: { name: 'page', args: 'id: ID, handle: String', doc: 'One page by id or handle; NOT_FOUND …' },
 *   list: { name: 'pages', doc: "The store's pages, drafts included." },
 * })
 */
export function resourceReadTypeDefs(
  spec: AnyListSpec,
  fields: { one: QueryFieldDoc; list: Omit<QueryFieldDoc, 'args'> },
): string {
  const { one, list } = fields
  return `${connectionTypeDefs(spec.name)}
  ${listTypeDefs(spec)}
  extend type Query {
    ${JSON.stringify(one.doc)}
    ${one.name}(${one.args ?? 'id: ID!'}): ${spec.name}
    ${listField(list.name, spec, list.doc)}
  }`
}
