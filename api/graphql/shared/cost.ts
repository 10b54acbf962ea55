import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql'
import type { GraphQLAbstractType, GraphQLNamedType, GraphQLObjectType, GraphQLSchema } from 'graphql'
import { MAX_PAGE_SIZE } from '../../../domain/shared/list-spec.js'

/**
 * Shopify's calculated query cost: an object field costs 1, a scalar or enum 0, a connection 2
 * plus its page size (`first`, else `limit`, else 20) times the cost of one of its nodes, and a
 * mutation field 10 plus its payload's selection. `pageInfo` and `totalCount` are part of a
 * connection's 2; a node selected through both `nodes` and `edges { node }` is the same row and
 * counts once. A plain list (not a connection) costs as one object: those lists are short and
 * carry no page size to multiply by. The whole schema (`__schema`) costs a flat 100 however it is
 * selected: one standard introspection query runs, aliased copies of it add up; `__type` is costed
 * by the same rules as data.
 *
 * The walk reads the schema by field names and type tags and the document as plain AST, so it
 * needs neither graphql's `visit` nor its type predicates (see the note at the end).
 */
export const COST = { object: 1, connection: 2, mutation: 10, defaultPageSize: 20, schema: 100 } as const

/**
 * Selections a requested cost may visit. Each selection set is costed once per type (memoised),
 * so a real document stays far below this; past it the walk stops and the cost is infinite,
 * which any maximum refuses.
 */
export const MAX_COST_WALK_STEPS = 100_000

export type Variables = Readonly<Record<string, unknown>>

/** The operation a request runs: the named one, or the only one. */
export function findOperation(
  document: DocumentNode,
  operationName?: string | null,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )
  return operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined
}

/**
 * What an operation may cost, before it runs: lists counted at their requested page size.
 *
 * @example requestedQueryCost(schema, parse('{ products(first: 10) { nodes { id } } }')) // 2 + 10 × 1 = 12
 */
export function requestedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables: Variables = {},
): number {
  return operationCost(schema, document, operationName, variables, undefined)
}

/**
 * What an operation did cost, from its result: lists counted at the length they came back
 * with, objects that came back null without their selection. Never more than was requested.
 */
export function actualQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
  data: unknown,
  requested = requestedQueryCost(schema, document, operationName, variables),
): number {
  return Math.min(operationCost(schema, document, operationName, variables, { data }), requested)
}

/** `result` is undefined when costing a request, and holds the response data when costing a result. */
type Result = { data: unknown } | undefined

interface Walk {
  schema: GraphQLSchema
  fragments: ReadonlyMap<string, FragmentDefinitionNode>
  variables: Variables
  /** Requested costs by selection set, type and field base: a fragment spread many times is costed once. */
  memo: WeakMap<SelectionSetNode, Map<string, number>>
  /** Selections the walk may still visit: bounded when costing a request, not when costing a result already produced. */
  stepsLeft: number
}

class WalkTooLong extends Error {}

function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
  result: Result,
): number {
  const operation = findOperation(document, operationName)
  if (!operation) return 0
  const root = schema.getRootType(operation.operation)
  if (!root) return 0
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  )
  const walk: Walk = {
    schema,
    fragments,
    variables,
    memo: new WeakMap(),
    stepsLeft: result ? Infinity : MAX_COST_WALK_STEPS,
  }
  try {
    return selectionCost(
      walk,
      operation.selectionSet,
      root,
      result,
      operation.operation === 'mutation' ? COST.mutation : COST.object,
    )
  } catch (error) {
    if (error instanceof WalkTooLong) return Infinity
    throw error
  }
}

/** The cost of a selection on an object of `type`; `fieldBase` is what each object field there costs by itself. */
function selectionCost(
  walk: Walk,
  set: SelectionSetNode,
  type: GraphQLNamedType,
  result: Result,
  fieldBase: number = COST.object,
): number {
  if (result) return uncachedSelectionCost(walk, set, type, result, fieldBase)
  const key = `${type.name}:${fieldBase}`
  let costs = walk.memo.get(set)
  const known = costs?.get(key)
  if (known !== undefined) return known
  const cost = uncachedSelectionCost(walk, set, type, undefined, fieldBase)
  if (!costs) walk.memo.set(set, (costs = new Map()))
  costs.set(key, cost)
  return cost
}

function uncachedSelectionCost(
  walk: Walk,
  set: SelectionSetNode,
  type: GraphQLNamedType,
  result: Result,
  fieldBase: number,
): number {
  if (isAbstract(type)) {
    const typename = result && (result.data as { __typename?: unknown } | null)?.__typename
    const concrete = typeof typename === 'string' ? [walk.schema.getType(typename)] : walk.schema.getPossibleTypes(type)
    return Math.max(0, ...concrete.filter(isObject).map((t) => selectionCost(walk, set, t, result, fieldBase)))
  }
  if (!isObject(type)) return 0
  let total = 0
  for (const [key, nodes] of collectFields(walk, set, type)) {
    const field = fieldOf(walk.schema, type, nodes[0]!.name.value)
    if (!field) continue
    if (nodes[0]!.name.value === '__schema') {
      total += COST.schema
      continue
    }
    const value = result ? { data: (result.data as Record<string, unknown> | null)?.[key] } : undefined
    total += fieldCost(walk, nodes, field.type, value, fieldBase)
  }
  return total
}

function fieldCost(walk: Walk, nodes: readonly FieldNode[], fieldType: unknown, result: Result, base: number): number {
  const type = namedType(fieldType)
  if (isLeaf(type)) return 0
  const set = mergedSelections(nodes)
  if (isConnection(type))
    return (base === COST.mutation ? base : 0) + connectionCost(walk, nodes[0]!, set, type as GraphQLObjectType, result)
  if (!result) return base + selectionCost(walk, set, type, undefined)
  if (result.data == null) return base
  if (!isList(fieldType)) return base + selectionCost(walk, set, type, result)
  const items = result.data as unknown[]
  return base + Math.max(0, ...items.map((item) => (item == null ? 0 : selectionCost(walk, set, type, { data: item }))))
}

/** 2 for the connection (with its pageInfo and totalCount), plus each node as one object with its selection. */
function connectionCost(
  walk: Walk,
  node: FieldNode,
  set: SelectionSetNode,
  type: GraphQLObjectType,
  result: Result,
): number {
  if (result && result.data == null) return COST.connection
  let items = 0
  for (const [key, nodes] of collectFields(walk, set, type)) {
    const name = nodes[0]!.name.value
    if (name !== 'nodes' && name !== 'edges') continue
    const listType = type.getFields()[name]!.type
    const itemType = namedType(listType)
    const itemSet = mergedSelections(nodes)
    // An edge is only a wrapper: its `node` field is the object that costs.
    const perItem = (item: Result) =>
      (name === 'nodes' ? COST.object : 0) + selectionCost(walk, itemSet, itemType, item)
    const cost = result
      ? (((result.data as Record<string, unknown>)[key] as unknown[] | null) ?? []).reduce<number>(
          (sum, item) => sum + (item == null ? 0 : perItem({ data: item })),
          0,
        )
      : pageSize(walk, node) * perItem(undefined)
    items = Math.max(items, cost)
  }
  return COST.connection + items
}

/**
 * `first`, else `limit`, else the default page size; literal or variable. A size above the
 * largest page is costed as the largest page: the list refuses it with BAD_USER_INPUT, which
 * tells the client more than QUERY_TOO_COMPLEX would.
 */
function pageSize(walk: Walk, node: FieldNode): number {
  for (const name of ['first', 'limit']) {
    const argument = node.arguments?.find((a) => a.name.value === name)
    const value = argument ? valueOf(walk, argument.value) : undefined
    if (typeof value === 'number') return Math.min(MAX_PAGE_SIZE, Math.max(0, value))
  }
  return COST.defaultPageSize
}

function valueOf(walk: Walk, node: ValueNode): unknown {
  if (node.kind === Kind.VARIABLE) return walk.variables[node.name.value]
  if (node.kind === Kind.INT) return Number(node.value)
  if (node.kind === Kind.BOOLEAN) return node.value
  return undefined
}

/** Fields of a selection on a concrete type by response key, through fragments, honouring @skip and @include. */
function collectFields(
  walk: Walk,
  set: SelectionSetNode,
  type: GraphQLObjectType,
  into = new Map<string, FieldNode[]>(),
  seen = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const selection of set.selections) {
    if (--walk.stepsLeft < 0) throw new WalkTooLong()
    if (!included(walk, selection.directives)) continue
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value
      into.set(key, [...(into.get(key) ?? []), selection])
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (applies(walk, selection.typeCondition?.name.value, type))
        collectFields(walk, selection.selectionSet, type, into, seen)
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value)
      const fragment = walk.fragments.get(selection.name.value)
      if (fragment && applies(walk, fragment.typeCondition.name.value, type))
        collectFields(walk, fragment.selectionSet, type, into, seen)
    }
  }
  return into
}

function included(walk: Walk, directives: FieldNode['directives']): boolean {
  for (const directive of directives ?? []) {
    const condition = directive.arguments?.find((a) => a.name.value === 'if')
    const value = condition ? valueOf(walk, condition.value) : undefined
    if (directive.name.value === 'skip' && value === true) return false
    if (directive.name.value === 'include' && value === false) return false
  }
  return true
}

function applies(walk: Walk, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (!condition || condition === type.name) return true
  const conditionType = walk.schema.getType(condition)
  return isAbstract(conditionType) && walk.schema.isSubType(conditionType, type)
}

/** One field's own selection set as it is (the memo knows it by identity), several merged into one. */
function mergedSelections(nodes: readonly FieldNode[]): SelectionSetNode {
  if (nodes.length === 1 && nodes[0]!.selectionSet) return nodes[0]!.selectionSet
  return { kind: Kind.SELECTION_SET, selections: nodes.flatMap((n) => n.selectionSet?.selections ?? []) }
}

function fieldOf(schema: GraphQLSchema, type: GraphQLObjectType, name: string): { type: unknown } | undefined {
  if (name === '__schema') return { type: schema.getType('__Schema')! }
  if (name === '__type') return { type: schema.getType('__Type')! }
  return type.getFields()[name]
}

/*
 * By tag, not graphql's `is…Type` predicates: the schema comes from mercurius, which may hold
 * another copy of graphql than ours (CommonJS and ES module builds under vitest), and the
 * predicates throw on types from another copy.
 */
const tag = (type: unknown): string => Object.prototype.toString.call(type)
const isObject = (type: unknown): type is GraphQLObjectType => tag(type) === '[object GraphQLObjectType]'
const isAbstract = (type: unknown): type is GraphQLAbstractType =>
  tag(type) === '[object GraphQLInterfaceType]' || tag(type) === '[object GraphQLUnionType]'
const isLeaf = (type: unknown): boolean =>
  tag(type) === '[object GraphQLScalarType]' || tag(type) === '[object GraphQLEnumType]'

function isList(type: unknown): boolean {
  for (let current = type as { ofType?: unknown } | undefined; current; current = current.ofType as typeof current) {
    if (tag(current) === '[object GraphQLList]') return true
  }
  return false
}

function namedType(type: unknown): GraphQLNamedType {
  let current = type as { ofType?: unknown }
  while (current.ofType) current = current.ofType as { ofType?: unknown }
  return current as GraphQLNamedType
}

/** A `<Type>Connection` of the list conventions: a page of nodes that `first`/`limit` sizes. */
function isConnection(type: GraphQLNamedType): boolean {
  if (!isObject(type) || !type.name.endsWith('Connection')) return false
  const fields = type.getFields()
  return 'nodes' in fields || 'edges' in fields
}
