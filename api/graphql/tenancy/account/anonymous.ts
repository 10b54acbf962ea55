import { Kind, parse, type OperationDefinitionNode } from 'graphql'
import { DEFAULT_LIMITS } from '../../shared/limits.js'

/**
 * The only operations that run without a credential: they are how a person gets one (or gets
 * back in). Everything else answers UNAUTHENTICATED before it runs.
 */
export const ANONYMOUS_MUTATIONS: ReadonlySet<string> = new Set([
  'signUp',
  'login',
  'logout',
  'passwordResetRequest',
  'passwordResetComplete',
  'memberInviteAccept',
])

interface GraphQLBody {
  query?: unknown
  operationName?: unknown
}

/**
 * Whether every operation of a POST body (one, or a batch) is a mutation of only
 * `ANONYMOUS_MUTATIONS` fields. The parse is bounded by `maxTokens` like the GraphQL one: this
 * runs for requests without a credential, which must not buy an unbounded parse.
 */
export function isAnonymousRequest(body: unknown, maxTokens = DEFAULT_LIMITS.maxTokens): boolean {
  const operations = Array.isArray(body) ? body : [body]
  return (
    operations.length > 0 &&
    operations.every((operation) => isAnonymousOperation(operation as GraphQLBody | undefined, maxTokens))
  )
}

function isAnonymousOperation(body: GraphQLBody | undefined, maxTokens: number): boolean {
  if (!body || typeof body.query !== 'string') return false
  let definitions: OperationDefinitionNode[]
  try {
    definitions = parse(body.query, { maxTokens }).definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )
  } catch {
    return false
  }
  const chosen =
    typeof body.operationName === 'string'
      ? definitions.filter((d) => d.name?.value === body.operationName)
      : definitions
  if (chosen.length !== 1) return false
  const operation = chosen[0]!
  return (
    operation.operation === 'mutation' &&
    operation.selectionSet.selections.every(
      (s) => s.kind === Kind.FIELD && (ANONYMOUS_MUTATIONS.has(s.name.value) || s.name.value === '__typename'),
    )
  )
}
