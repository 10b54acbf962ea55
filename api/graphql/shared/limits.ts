import { GraphQLError, Kind, type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql'

export interface QueryLimits {
  maxDepth: number
  maxAliases: number
  maxBatch: number
}

/** The largest request body the server reads (fastify's `bodyLimit`); larger ones answer 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: 12, maxAliases: 30, maxBatch: 10 }

const tooComplex = (message: string): GraphQLError => new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } })

/** Refuses operations nested deeper than `max` fields (fragments followed, introspection included). */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    }
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0
      let deepest = 0
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, seen))
        else if (selection.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(selection.selectionSet, seen))
        else if (!seen.has(selection.name.value)) {
          const fragment = fragments.get(selection.name.value)
          deepest = Math.max(deepest, depthOf(fragment?.selectionSet, new Set([...seen, selection.name.value])))
        }
      }
      return deepest
    }
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set())
        if (depth > max) context.reportError(tooComplex(`query depth ${depth} exceeds the limit of ${max}; split it into several queries`))
      },
    }
  }
}

/** Refuses documents with more than `max` aliased fields (alias-based amplification). */
export function aliasLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0
    let reported = false
    return {
      Field(node: FieldNode) {
        if (!node.alias) return
        aliases++
        if (aliases > max && !reported) {
          reported = true
          context.reportError(tooComplex(`the document uses more than ${max} aliases; send fewer fields per request`))
        }
      },
    }
  }
}
