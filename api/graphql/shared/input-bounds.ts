import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  Kind,
  parse,
  type DocumentNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type TypeNode,
  type ValueNode,
} from 'graphql'
import {
  FILTER_COMBINATORS,
  dateTimeProblem,
  filterProblem,
  jsonProblem,
  refusal,
  textProblem,
  unstorableInput,
  type Path,
  type Problem,
} from '../../../domain/shared/boundary.js'

/**
 * The input bounds of every GraphQL request (API-CONVENTIONS.md): no string that Postgres cannot
 * store (NUL, unpaired surrogates), no date-time outside the years 1–9999, no JSON value deeper
 * than 32 levels or longer than 64 KB, no list filter beyond 5 levels or 100 branches per level
 * of and/or/not. Refused with BAD_USER_INPUT and the path of the argument at fault.
 *
 * Runs as mercurius' preParsing hook, for literals in the document and for the variables, because
 * mercurius coerces variables before any later hook, and graphql-js' coercion of an input object
 * recurses: an `and` nested 2,000 deep would overflow the stack there. Everything here is
 * iterative. The schema is read by type tags, not graphql's predicates: mercurius may hold
 * another copy of graphql than ours (see jit.ts). `maxTokens` is the parser's limit of the
 * endpoint, so a document mercurius refuses unparsed costs no more here.
 */
export function installInputBounds(app: FastifyInstance, { maxTokens }: { maxTokens?: number } = {}): void {
  const analyses: InputAnalyses = new Map()
  app.graphql.addHook('preParsing', async (schema, source, context) => {
    const problem = inputBoundsProblem(schema, source, requestOf(context as unknown as HookContext), {
      maxTokens,
      analyses,
    })
    if (problem) throw refusal(problem)
  })
}

/** The analyses of the documents an endpoint has seen, by source text. */
export type InputAnalyses = Map<string, Analysis | null>

/**
 * The first input bound one request breaks (in the document's literals, then in the variables of
 * the operation it runs), or undefined; a document that does not parse is the parser's to refuse.
 * The storefront API, which runs graphql-js itself, calls it directly.
 */
export function inputBoundsProblem(
  schema: GraphQLSchema,
  source: string,
  request: { variables: Record<string, unknown> | undefined; operationName: string | null },
  options: { maxTokens?: number | undefined; analyses: InputAnalyses },
): Problem | undefined {
  const { analyses } = options
  let analysis = analyses.get(source)
  if (analysis === undefined) {
    analysis = analyze(schema, source, options.maxTokens)
    remember(analyses, source, analysis)
  }
  if (!analysis) return undefined
  if (analysis.problem) return analysis.problem
  const { variables, operationName } = request
  if (!variables) return undefined
  const declared =
    analysis.operations.get(operationName ?? null) ??
    (analysis.operations.size === 1 ? [...analysis.operations.values()][0] : undefined)
  for (const [name, value] of Object.entries(variables)) {
    const variable = declared?.get(name)
    if (!variable) continue
    const problem = checkValue(value, variable.type, variable.path)
    if (problem) return problem
  }
  return undefined
}

/** The analyses of the last documents seen: a client sends the same few documents again and again. */
const ANALYSES_KEPT = 256
const CACHED_SOURCE_MAX_LENGTH = 32 * 1024

function remember(analyses: InputAnalyses, source: string, analysis: Analysis | null): void {
  if (source.length > CACHED_SOURCE_MAX_LENGTH) return
  if (analyses.size >= ANALYSES_KEPT) analyses.delete(analyses.keys().next().value!)
  analyses.set(source, analysis)
}

// ---- The request: variables and operation name of this operation (one per batch item, or a GET).

interface HookContext {
  reply: FastifyReply
  operationId?: number
}

function requestOf(context: HookContext): {
  variables: Record<string, unknown> | undefined
  operationName: string | null
} {
  const request = context.reply.request
  const body = request.body as Record<string, unknown> | Record<string, unknown>[] | undefined
  const item = Array.isArray(body)
    ? body[context.operationId ?? 0]
    : (body ?? (request.query as Record<string, unknown> | undefined))
  let variables = item?.variables
  // GET carries them as JSON text; mercurius has already refused text that does not parse.
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables) as unknown
    } catch {
      variables = undefined
    }
  }
  const operationName = typeof item?.operationName === 'string' ? item.operationName : null
  return {
    variables:
      typeof variables === 'object' && variables !== null && !Array.isArray(variables)
        ? (variables as Record<string, unknown>)
        : undefined,
    operationName,
  }
}

// ---- Input types, read from the schema by tag.

/** An input type without its non-null wrappers. */
type InputType = { kind: 'list'; of: InputType | undefined } | { kind: 'named'; type: NamedType }

interface NamedType {
  name: string
  getFields?: () => Record<string, { type: unknown; args?: readonly { name: string; type: unknown }[] }>
}

const tagOf = (type: unknown): string => Object.prototype.toString.call(type).slice(8, -1)

function fromSchemaType(type: unknown): InputType | undefined {
  if (!type) return undefined
  const tag = tagOf(type)
  if (tag === 'GraphQLNonNull') return fromSchemaType((type as { ofType: unknown }).ofType)
  if (tag === 'GraphQLList') return { kind: 'list', of: fromSchemaType((type as { ofType: unknown }).ofType) }
  return { kind: 'named', type: type as NamedType }
}

function fromTypeNode(schema: GraphQLSchema, node: TypeNode): InputType | undefined {
  if (node.kind === Kind.NON_NULL_TYPE) return fromTypeNode(schema, node.type)
  if (node.kind === Kind.LIST_TYPE) return { kind: 'list', of: fromTypeNode(schema, node.type) }
  const type = schema.getType(node.name.value)
  return type ? { kind: 'named', type: type as unknown as NamedType } : undefined
}

function namedOutputType(type: unknown): NamedType | undefined {
  let current = type as { ofType?: unknown } | undefined
  while (current?.ofType) current = current.ofType as { ofType?: unknown }
  return current as NamedType | undefined
}

/** A `*Filter` input: one whose and/or/not lead back to itself. */
function isFilter(type: NamedType): boolean {
  const fields = type.getFields?.() ?? {}
  return FILTER_COMBINATORS.some(
    (combinator) => fields[combinator] && namedOutputType(fields[combinator]!.type)?.name === type.name,
  )
}

// ---- Values: variables as sent, literals turned into the same shape.

/** Where a literal holds a variable: its value is checked with the variables. */
const VARIABLE = Symbol('variable')

/**
 * The first problem in an input value of the given type, or undefined. Strings anywhere; DateTime
 * strings in range; JSON values bounded; each outermost filter bounded before its branches are read.
 */
function checkValue(root: unknown, rootType: InputType | undefined, at: Path): Problem | undefined {
  const stack: { value: unknown; type: InputType | undefined; path: Path; branch: boolean }[] = [
    { value: root, type: rootType, path: at, branch: false },
  ]
  while (stack.length) {
    const { value, type, path, branch } = stack.pop()!
    const named = type?.kind === 'named' ? type.type : undefined
    if (named?.name === 'JSON' && value !== VARIABLE) {
      const problem = jsonProblem(value)
      if (problem) return { path: [...path, ...problem.path], message: problem.message }
      continue
    }
    if (typeof value === 'string') {
      const problem = textProblem(value) ?? (named?.name === 'DateTime' ? dateTimeOf(value) : undefined)
      if (problem) return { path, message: problem }
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (type?.kind === 'list') {
      // A single value stands for a list of one (input coercion).
      if (Array.isArray(value))
        for (let index = value.length - 1; index >= 0; index--)
          stack.push({ value: value[index], type: type.of, path: [...path, index], branch })
      else stack.push({ value, type: type.of, path, branch })
      continue
    }
    if (named && tagOf(named) === 'GraphQLInputObjectType' && !Array.isArray(value)) {
      const fields = named.getFields!()
      const filter = isFilter(named)
      if (filter && !branch) {
        const problem = filterProblem(value, path)
        if (problem) return problem
      }
      for (const [key, item] of Object.entries(value)) {
        const field = fields[key]
        stack.push({
          value: item,
          type: field ? fromSchemaType(field.type) : undefined,
          path: [...path, key],
          branch: filter && (FILTER_COMBINATORS as readonly string[]).includes(key),
        })
      }
      continue
    }
    // Something its type refuses anyway: only the text it holds matters here.
    const problem = unstorableInput(value)
    if (problem) return { path: [...path, ...problem.path], message: problem.message }
  }
  return undefined
}

/** A well-formed date-time out of range; malformed ones are the scalar's to refuse. */
function dateTimeOf(text: string): string | undefined {
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? undefined : dateTimeProblem(date)
}

/** A literal as the value a client would send for it, without recursion; variables are noted where they stand. */
function literalValue(root: ValueNode, at: Path, usages: Map<string, Path>): unknown {
  const result: { value?: unknown } = {}
  const stack: { node: ValueNode; path: Path; set: (value: unknown) => void }[] = [
    { node: root, path: at, set: (value) => (result.value = value) },
  ]
  while (stack.length) {
    const { node, path, set } = stack.pop()!
    switch (node.kind) {
      case Kind.VARIABLE:
        if (!usages.has(node.name.value)) usages.set(node.name.value, path)
        set(VARIABLE)
        break
      case Kind.LIST: {
        const list: unknown[] = []
        set(list)
        node.values.forEach((item, index) =>
          stack.push({ node: item, path: [...path, index], set: (value) => (list[index] = value) }),
        )
        break
      }
      case Kind.OBJECT: {
        const object: Record<string, unknown> = {}
        set(object)
        for (const field of node.fields)
          stack.push({
            node: field.value,
            path: [...path, field.name.value],
            set: (value) => (object[field.name.value] = value),
          })
        break
      }
      case Kind.NULL:
        set(null)
        break
      default:
        set(node.value)
    }
  }
  return result.value
}

// ---- The document: every argument with its type, the variables of each operation.

interface Analysis {
  /** The first problem in the document's own literals. */
  problem: Problem | undefined
  /** By operation name (null: anonymous), each variable's type and the argument path it fills. */
  operations: Map<string | null, Map<string, { type: InputType | undefined; path: Path }>>
}

function analyze(schema: GraphQLSchema, source: string, maxTokens: number | undefined): Analysis | null {
  let document: DocumentNode
  try {
    document = parse(source, { noLocation: true, maxTokens })
  } catch {
    // Not a document: mercurius answers with the syntax error.
    return null
  }
  const fragmentUsages = new Map<string, Path>()
  const operations: Analysis['operations'] = new Map()
  let problem: Problem | undefined
  for (const definition of document.definitions) {
    if (problem) break
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      problem = selectionProblem(
        schema,
        definition.selectionSet,
        schema.getType(definition.typeCondition.name.value) as unknown as NamedType | undefined,
        fragmentUsages,
      )
    } else if (definition.kind === Kind.OPERATION_DEFINITION) {
      const root = schema.getRootType(definition.operation)
      const usages = new Map<string, Path>()
      problem = selectionProblem(
        schema,
        definition.selectionSet,
        (root ?? undefined) as unknown as NamedType | undefined,
        usages,
      )
      const variables = new Map<string, { type: InputType | undefined; path: Path }>()
      for (const variable of definition.variableDefinitions ?? []) {
        const name = variable.variable.name.value
        const type = fromTypeNode(schema, variable.type)
        variables.set(name, { type, path: usages.get(name) ?? fragmentUsages.get(name) ?? [name] })
        if (!problem && variable.defaultValue)
          problem = checkValue(literalValue(variable.defaultValue, [name], new Map()), type, [name])
      }
      operations.set(definition.name?.value ?? null, variables)
    }
  }
  // Fragments may come after the operations that spread them.
  for (const variables of operations.values()) {
    for (const [name, variable] of variables)
      if (variable.path.length === 1 && variable.path[0] === name && fragmentUsages.has(name))
        variable.path = fragmentUsages.get(name)!
  }
  return { problem, operations }
}

/** Arguments of every field in a selection set and the sets below it, checked against their types. */
function selectionProblem(
  schema: GraphQLSchema,
  root: SelectionSetNode,
  rootType: NamedType | undefined,
  usages: Map<string, Path>,
): Problem | undefined {
  const stack: { set: SelectionSetNode; type: NamedType | undefined }[] = [{ set: root, type: rootType }]
  while (stack.length) {
    const { set, type } = stack.pop()!
    for (const selection of set.selections) {
      for (const directive of selection.directives ?? []) {
        for (const argument of directive.arguments ?? []) {
          const problem = checkValue(literalValue(argument.value, [argument.name.value], usages), undefined, [
            argument.name.value,
          ])
          if (problem) return problem
        }
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) continue
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) as unknown as NamedType | undefined)
          : type
        stack.push({ set: selection.selectionSet, type: condition })
        continue
      }
      const field = type?.getFields?.()[selection.name.value]
      for (const argument of selection.arguments ?? []) {
        const name = argument.name.value
        const definition = field?.args?.find((a) => a.name === name)
        const problem = checkValue(
          literalValue(argument.value, [name], usages),
          definition ? fromSchemaType(definition.type) : undefined,
          [name],
        )
        if (problem) return problem
      }
      if (selection.selectionSet)
        stack.push({ set: selection.selectionSet, type: field ? namedOutputType(field.type) : undefined })
    }
  }
  return undefined
}
