import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql'

/**
 * Whether a connection field's selection asks for `totalCount` or `pageInfo.totalPages`, the
 * two answers that need the filtered rows counted. Fragments are followed.
 */
export function wantsTotal(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.some(
    (node) => selects(node.selectionSet, info, ['totalCount']) || selectsTotalPages(node.selectionSet, info),
  )
}

function selectsTotalPages(set: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  return fields(set, info).some(
    (field) => field.name.value === 'pageInfo' && selects(field.selectionSet, info, ['totalPages']),
  )
}

function selects(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, names: readonly string[]): boolean {
  return fields(set, info).some((field) => names.includes(field.name.value))
}

function fields(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, seen = new Set<string>()): FieldNode[] {
  if (!set) return []
  return set.selections.flatMap((selection): FieldNode[] => {
    if (selection.kind === 'Field') return [selection]
    if (selection.kind === 'InlineFragment') return fields(selection.selectionSet, info, seen)
    if (seen.has(selection.name.value)) return []
    seen.add(selection.name.value)
    return fields(info.fragments[selection.name.value]?.selectionSet, info, seen)
  })
}
