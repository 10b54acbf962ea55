import { Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql'
import { isIntrospectionRoot, type QueryLimits } from './limits.js'

type ShapeLimits = Pick<
  QueryLimits,
  'maxDepth' | 'maxFields' | 'maxIntrospectionDepth' | 'maxIntrospectionLists' | 'maxFieldComparisons'
>

/**
 * What is wrong with a document's shape, or undefined: checked on the parsed document before
 * graphql-js validates it, so that no validation rule ever sees a document whose work would
 * explode. Schema-free: the document is not validated yet (unknown fragments and cycles are
 * left to validation, which reports them).
 *
 * - depth over `maxDepth` fields; an introspection subtree (`__schema`, `__type`) has its own
 *   bounds, `maxIntrospectionDepth` (graphql-js' standard query is 15 deep through `ofType`) and
 *   `maxIntrospectionLists` nested lists, so `fields { type { fields … } }` cannot multiply the
 *   schema by itself;
 * - more than `maxFields` fields once fragments are spread out, each spread counting again;
 * - more than `maxFieldComparisons` pairs of fields under one response key, which
 *   OverlappingFieldsCanBeMergedRule compares pairwise (`{ viewer {…} viewer {…} … }`).
 *
 * Each fragment is measured once, whatever the number of its spreads, and the pairwise count
 * stops at its bound: the check costs as much as the document's text.
 */
export function documentShapeProblem(document: DocumentNode, limits: ShapeLimits): string | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const reachOf = reacher(fragments)
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    const reach = reachOf(definition.selectionSet)
    if (reach.fields > limits.maxFields) {
      return `the operation selects more than ${limits.maxFields} fields once its fragments are spread out; spread each fragment once and split the query into several`
    }
    if (reach.depth > limits.maxDepth)
      return `query depth ${reach.depth} exceeds the limit of ${limits.maxDepth}; split it into several queries`
    if (reach.introspectionDepth > limits.maxIntrospectionDepth) {
      return `introspection depth ${reach.introspectionDepth} exceeds the limit of ${limits.maxIntrospectionDepth}; ask for fewer ofType levels`
    }
    if (reach.introspectionLists > limits.maxIntrospectionLists) {
      return `introspection nests ${reach.introspectionLists} lists and may nest at most ${limits.maxIntrospectionLists} (types, fields, args); read a field's type by name instead of its fields again`
    }
    if (!comparisonsWithin([definition.selectionSet], fragments, { left: limits.maxFieldComparisons })) {
      return `the document selects the same fields so often that checking they merge takes more than ${limits.maxFieldComparisons} comparisons; select each field once per selection set`
    }
  }
  return undefined
}

/** Lists of the introspection types: what multiplies an introspection answer. */
const INTROSPECTION_LISTS = new Set([
  'types',
  'fields',
  'inputFields',
  'args',
  'enumValues',
  'interfaces',
  'possibleTypes',
  'directives',
])

/** What a selection set reaches: fields spread out, depth (an introspection field counting as one level), and the deepest introspection subtree in it. */
interface Reach {
  fields: number
  depth: number
  lists: number
  introspectionDepth: number
  introspectionLists: number
}

const NOTHING: Reach = { fields: 0, depth: 0, lists: 0, introspectionDepth: 0, introspectionLists: 0 }

function reacher(fragments: ReadonlyMap<string, FragmentDefinitionNode>): (set: SelectionSetNode) => Reach {
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
        const fields = 1 + inner.fields
        const list = INTROSPECTION_LISTS.has(selection.name.value) ? 1 : 0
        reach = isIntrospectionRoot(selection.name.value)
          ? { fields, depth: 1, lists: 0, introspectionDepth: 1 + inner.depth, introspectionLists: inner.lists }
          : {
              fields,
              depth: 1 + inner.depth,
              lists: list + inner.lists,
              introspectionDepth: inner.introspectionDepth,
              introspectionLists: inner.introspectionLists,
            }
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
  return reachOf
}

/**
 * Whether checking that same-keyed fields merge stays within `budget.left` comparisons: the
 * fields of the given selection sets (merged, through fragments, a fragment once per set) are
 * grouped by response key; n fields under one key cost n² and their sub-selections are checked
 * merged in turn, as OverlappingFieldsCanBeMergedRule does. Every visited selection costs one,
 * so the walk stops as soon as the budget is spent. A fragment already spread on the way down
 * is not entered again (a cycle, which validation reports).
 */
function comparisonsWithin(
  sets: readonly SelectionSetNode[],
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  budget: { left: number },
  path: ReadonlySet<string> = new Set(),
): boolean {
  const byKey = new Map<string, FieldNode[]>()
  const spread = new Set<string>()
  const collect = (set: SelectionSetNode): boolean => {
    for (const selection of set.selections) {
      if (--budget.left < 0) return false
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value
        const nodes = byKey.get(key)
        if (nodes) nodes.push(selection)
        else byKey.set(key, [selection])
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!collect(selection.selectionSet)) return false
      } else if (!spread.has(selection.name.value) && !path.has(selection.name.value)) {
        spread.add(selection.name.value)
        const fragment = fragments.get(selection.name.value)
        if (fragment && !collect(fragment.selectionSet)) return false
      }
    }
    return true
  }
  if (!sets.every(collect)) return false
  const below = spread.size ? new Set([...path, ...spread]) : path
  for (const nodes of byKey.values()) {
    if (nodes.length > 1 && (budget.left -= nodes.length * nodes.length) < 0) return false
    const inner = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []))
    if (inner.length && !comparisonsWithin(inner, fragments, budget, below)) return false
  }
  return true
}
