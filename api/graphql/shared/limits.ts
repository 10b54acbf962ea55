import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql'

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
  /** Pairs of fields graphql-js compares to check that fields under one response key merge (OverlappingFieldsCanBeMergedRule is quadratic in them). */
  maxFieldComparisons: number
  /** Aliases, counted through fragments as often as they are spread. */
  maxAliases: number
  /** Directives, counted through fragments as often as they are spread. */
  maxDirectives: number
  maxBatch: number
}

/** The largest request body the server reads (fastify's `bodyLimit`); larger ones answer 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export const DEFAULT_LIMITS: QueryLimits = {
  maxTokens: 2_000,
  maxDepth: 12,
  maxFields: 5_000,
  maxIntrospectionDepth: 20,
  maxIntrospectionLists: 3,
  maxFieldComparisons: 10_000,
  maxAliases: 30,
  maxDirectives: 50,
  maxBatch: 10,
}

const tooComplex = (message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } })

/** The message of graphql-js' parser when a document has more than `maxTokens` tokens (its wording, typo included). */
export const isTokenLimitError = (error: { message?: unknown }, maxTokens: number): boolean =>
  error.message === `Syntax Error: Document contains more that ${maxTokens} tokens. Parsing aborted.`

export const tokenLimitMessage = (maxTokens: number): string =>
  `the document has more than ${maxTokens} tokens; send a smaller one or split it into several requests`

/**
 * Validation rules that bound a document, refusing with QUERY_TOO_COMPLEX: graphql-armor's
 * alias and directive rules count through fragments with a per-fragment memo (a fragment
 * spread twice counts twice, computed once), so they fit as they are. Depth, size and
 * introspection are checked before validation by `documentShapeProblem` instead (armor's
 * max-depth leaves `__schema` unbounded and counts a spread as a level).
 */
export function documentLimitRules(limits: QueryLimits): ValidationRule[] {
  const armor = (message: string) => ({
    exposeLimits: false,
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(tooComplex(message))],
  })
  return [
    maxAliasesRule({
      n: limits.maxAliases,
      ...armor(`the document uses more than ${limits.maxAliases} aliases; send fewer fields per request`),
    }),
    maxDirectivesRule({
      n: limits.maxDirectives,
      ...armor(`the document uses more than ${limits.maxDirectives} directives; send fewer per request`),
    }),
  ]
}

export const isIntrospectionRoot = (name: string): boolean => name === '__schema' || name === '__type'

/**
 * Refuses `__schema` and `__type` when GRAPHQL_INTROSPECTION is off. By field name, not
 * graphql's NoSchemaIntrospectionCustomRule: that rule checks types with graphql's predicates,
 * which throw (a 500) on a schema built by mercurius' own copy of graphql.
 */
export const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (!isIntrospectionRoot(node.name.value)) return
    context.reportError(
      new GraphQLError(
        `introspection is turned off on this server, so "${node.name.value}" cannot be queried; ask the operator for the schema`,
        { nodes: node },
      ),
    )
  },
})
