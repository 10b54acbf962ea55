import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql'
import { DEFAULT_PAGE_SIZE } from '../../domain/shared/list-spec.js'

/** Most list items one request may ask for, nested lists multiplied: `collections(first: 50) { products(first: 100) }` is 5,050. */
export const MAX_LIST_ITEMS = 5_000

/** The fields of the public schema that return a connection. */
const CONNECTIONS = new Set(['products', 'collections', 'pages', 'articles'])

/**
 * How many list items an operation may return at most: each connection's page size (`first` or
 * `last`, else the default) multiplied by the page sizes of the connections it sits in. Depth
 * and size are bounded before this runs (`documentShapeProblem`), so the walk is short.
 */
export function listItems(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  )
  const size = (value: ValueNode | undefined): number | null => {
    if (!value) return null
    if (value.kind === Kind.INT) return Number(value.value)
    if (value.kind === Kind.VARIABLE) {
      const given = variables[value.name.value]
      return typeof given === 'number' ? given : null
    }
    return null
  }
  const walk = (set: SelectionSetNode, multiplier: number, seen: ReadonlySet<string>): number => {
    let total = 0
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value)
        if (fragment && !seen.has(fragment.name.value))
          total += walk(fragment.selectionSet, multiplier, new Set([...seen, fragment.name.value]))
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += walk(selection.selectionSet, multiplier, seen)
      } else if (selection.selectionSet) {
        const arg = (name: string) => selection.arguments?.find((a) => a.name.value === name)?.value
        const items = CONNECTIONS.has(selection.name.value)
          ? multiplier * (size(arg('first')) ?? size(arg('last')) ?? DEFAULT_PAGE_SIZE)
          : multiplier
        total += (items === multiplier ? 0 : items) + walk(selection.selectionSet, items, seen)
      }
    }
    return total
  }
  return walk(operation.selectionSet, 1, new Set())
}
