import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql'

export interface QueryLimits {
  /** Lexical tokens of one document: bounds the parse itself, before anything else runs. */
  maxTokens: number
  maxDepth: number
  /** Fields an operation selects once its fragments are spread out, each spread counting again. */
  maxFields: number
  /** Depth of an introspection subtree (`__schema`, `__type`), which nests `ofType` deeper than data does. */
  maxIntrospectionDepth: number
  /** Lists nested inside an introspection subtree: `types → fields → args` is what the standard introspection query needs. */
  maxIntrospectionLists: number
  /** Aliases, counted through fragments as often as they are spread. */
  maxAliases: number
  /** Directives, counted through fragments as often as they are spread. */
  maxDirectives: number
  maxBatch: number
}

/** The largest request body the server reads (fastify's `bodyLimit`); larger ones answer 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export const DEFAULT_LIMITS: QueryLimits = {
  maxTokens: 5_000,
  maxDepth: 12,
  maxFields: 5_000,
  maxIntrospectionDepth: 20,
  maxIntrospectionLists: 3,
  maxAliases: 30,
  maxDirectives: 50,
  maxBatch: 10,
}

const tooComplex = (message: string): GraphQLError => new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } })

/** The message of graphql-js' parser when a document has more than `maxTokens` tokens (its wording, typo included). */
export const isTokenLimitError = (error: { message?: unknown }, maxTokens: number): boolean =>
  error.message === `Syntax Error: Document contains more that ${maxTokens} tokens. Parsing aborted.`

export const tokenLimitMessage = (maxTokens: number): string => `the document has more than ${maxTokens} tokens; send a smaller one or split it into several requests`

/**
 * The validation rules that bound a document's shape, all refusing with QUERY_TOO_COMPLEX.
 * graphql-armor's alias and directive rules count through fragments with a per-fragment memo
 * (a fragment spread twice counts twice, computed once), so they fit as they are. Depth is our
 * our own rule (with the expanded field count): armor's max-depth leaves `__schema` unbounded and counts a spread as a level.
 */
export function documentLimitRules(limits: QueryLimits): ValidationRule[] {
  const armor = (message: string) => ({
    exposeLimits: false,
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(tooComplex(message))],
  })
  return [
    shapeLimit(limits),
    maxAliasesRule({ n: limits.maxAliases, ...armor(`the document uses more than ${limits.maxAliases} aliases; send fewer fields per request`) }),
    maxDirectivesRule({ n: limits.maxDirectives, ...armor(`the document uses more than ${limits.maxDirectives} directives; send fewer per request`) }),
  ]
}

/** Lists of the introspection types: what multiplies an introspection answer. */
const INTROSPECTION_LISTS = new Set(['types', 'fields', 'inputFields', 'args', 'enumValues', 'interfaces', 'possibleTypes', 'directives'])
const isIntrospectionRoot = (name: string): boolean => name === '__schema' || name === '__type'

/**
 * What a selection set reaches: its depth (an introspection field counting as one level), and
 * the deepest introspection subtree in it, by levels and by nested introspection lists.
 */
interface Reach {
  /** Fields selected with fragments spread out: grows with every spread, however often the same fragment is spread. */
  fields: number
  depth: number
  lists: number
  introspectionDepth: number
  introspectionLists: number
}

const NOTHING: Reach = { fields: 0, depth: 0, lists: 0, introspectionDepth: 0, introspectionLists: 0 }

/**
 * Refuses operations nested deeper than `maxDepth` fields, or selecting more than `maxFields`
 * fields once fragments are spread out (each spread counting again), fragments followed. An introspection
 * subtree has its own bounds (graphql-js' standard introspection query is 15 deep, through
 * `ofType`), and may nest only as many lists as the standard query does, so that
 * `fields { type { fields { type { fields … } } } }` cannot multiply the schema by itself.
 *
 * Each fragment is measured once per document, whatever the number of its spreads: a document
 * of fragments that each spread the previous one twice costs as much as its text.
 */
export function shapeLimit(limits: Pick<QueryLimits, 'maxDepth' | 'maxFields' | 'maxIntrospectionDepth' | 'maxIntrospectionLists'>): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    }
    // A fragment being measured counts as nothing where it spreads itself: NoFragmentCyclesRule reports the cycle.
    const measured = new Map<string, Reach>()
    const fragmentReach = (name: string): Reach => {
      const known = measured.get(name)
      if (known) return known
      measured.set(name, NOTHING)
      const fragment = fragments.get(name)
      const reach = fragment ? reachOf(fragment.selectionSet) : NOTHING
      measured.set(name, reach)
      return reach
    }
    const reachOf = (set: SelectionSetNode): Reach => {
      let result = NOTHING
      for (const selection of set.selections) {
        let reach: Reach
        if (selection.kind === Kind.FRAGMENT_SPREAD) reach = fragmentReach(selection.name.value)
        else if (selection.kind === Kind.INLINE_FRAGMENT) reach = reachOf(selection.selectionSet)
        else {
          const inner = selection.selectionSet ? reachOf(selection.selectionSet) : NOTHING
          const list = INTROSPECTION_LISTS.has(selection.name.value) ? 1 : 0
          const fields = 1 + inner.fields
          reach = isIntrospectionRoot(selection.name.value)
            ? { fields, depth: 1, lists: 0, introspectionDepth: 1 + inner.depth, introspectionLists: inner.lists }
            : { fields, depth: 1 + inner.depth, lists: list + inner.lists, introspectionDepth: inner.introspectionDepth, introspectionLists: inner.introspectionLists }
        }
        result = {
          fields: result.fields + reach.fields,
          depth: Math.max(result.depth, reach.depth),
          lists: Math.max(result.lists, reach.lists),
          introspectionDepth: Math.max(result.introspectionDepth, reach.introspectionDepth),
          introspectionLists: Math.max(result.introspectionLists, reach.introspectionLists),
        }
      }
      return result
    }
    return {
      OperationDefinition(node) {
        const reach = reachOf(node.selectionSet)
        if (reach.fields > limits.maxFields) {
          context.reportError(tooComplex(
            `the operation selects more than ${limits.maxFields} fields once its fragments are spread out; spread each fragment once and split the query into several`,
          ))
        }
        if (reach.depth > limits.maxDepth) {
          context.reportError(tooComplex(`query depth ${reach.depth} exceeds the limit of ${limits.maxDepth}; split it into several queries`))
        }
        if (reach.introspectionDepth > limits.maxIntrospectionDepth) {
          context.reportError(tooComplex(`introspection depth ${reach.introspectionDepth} exceeds the limit of ${limits.maxIntrospectionDepth}; ask for fewer ofType levels`))
        }
        if (reach.introspectionLists > limits.maxIntrospectionLists) {
          context.reportError(tooComplex(
            `introspection nests ${reach.introspectionLists} lists and may nest at most ${limits.maxIntrospectionLists} (types, fields, args); read a field's type by name instead of its fields again`,
          ))
        }
      },
    }
  }
}

/**
 * Refuses `__schema` and `__type` when GRAPHQL_INTROSPECTION is off. By field name, not
 * graphql's NoSchemaIntrospectionCustomRule: that rule checks types with graphql's predicates,
 * which throw (a 500) on a schema built by mercurius' own copy of graphql.
 */
export const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (!isIntrospectionRoot(node.name.value)) return
    context.reportError(new GraphQLError(`introspection is turned off on this server, so "${node.name.value}" cannot be queried; ask the operator for the schema`, { nodes: node }))
  },
})
