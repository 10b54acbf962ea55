import { isRequired, type ValueContext } from './baseline.js'
import { leastUsed, printType, selectionFor, wellFormed, type GraphQLCase } from './cases.js'
import { toGraphQL, toJson, OMIT } from './literals.js'
import { malformedFor } from './malformed.js'
import { namedType, type FieldDef, type NamedType, type Operation } from './schema-model.js'

const MAX_DEPTH = 3

/** How a query reaches a type: the root query and the fields down to it (`products` → `nodes`). */
interface Route {
  op: Operation
  fields: string[]
}

/**
 * The first route (breadth first) to every object type: from lists and argument-free queries,
 * which reach the fixtures without an id to guess, then from the rest for types still unreached.
 */
function routes(operations: readonly Operation[], types: Map<string, NamedType>): Map<string, Route> {
  const found = new Map<string, Route>()
  const queries = operations.filter((op) => op.kind === 'query')
  const easy = (op: Operation) => !op.field.args.length || namedType(op.field.type).endsWith('Connection')
  for (const roots of [queries.filter(easy), queries.filter((op) => !easy(op))]) {
    let frontier: { type: string; route: Route }[] = roots.map((op) => ({
      type: namedType(op.field.type),
      route: { op, fields: [] },
    }))
    for (let depth = 0; depth <= MAX_DEPTH && frontier.length; depth++) {
      const next: typeof frontier = []
      for (const { type, route } of frontier) {
        const named = types.get(type)!
        if (named.kind !== 'OBJECT' || found.has(type)) continue
        found.set(type, route)
        for (const field of named.fields ?? []) {
          if (!field.args.some(isRequired))
            next.push({ type: namedType(field.type), route: { op: route.op, fields: [...route.fields, field.name] } })
        }
      }
      frontier = next
    }
  }
  return found
}

/**
 * Arguments of fields below the root (`title(locale:)`, `products(first:, after:)` of a
 * collection, `url(width:, format:)`): each gets malformed values through a query that reaches
 * its type.
 */
export function nestedCases(operations: readonly Operation[], ctx: ValueContext, perPath: number): GraphQLCase[] {
  const out: GraphQLCase[] = []
  for (const [type, route] of routes(operations, ctx.types)) {
    for (const field of ctx.types.get(type)!.fields ?? []) {
      for (const arg of field.args) {
        const c = { ...ctx, operation: field.name }
        for (const variant of leastUsed(malformedFor(arg.type, arg.name, c), perPath, c)) {
          if (variant.value === OMIT) continue
          const inline = ctx.rng.chance(0.5)
          out.push({
            operation: route.op.field.name,
            kind: 'query',
            path: `${[...route.fields, field.name].join('.')}(${arg.name})`,
            cls: variant.cls,
            mode: inline ? 'inline' : 'variables',
            body: nestedRequest(
              route,
              field,
              arg.name,
              inline ? toGraphQL(variant.value) : '$v',
              inline ? null : `{"v":${toJson(variant.value)}}`,
              printType(arg.type),
              ctx,
            ),
          })
        }
      }
    }
  }
  return out
}

function nestedRequest(
  route: Route,
  field: FieldDef,
  argument: string,
  value: string,
  variables: string | null,
  argumentType: string,
  ctx: ValueContext,
): string {
  const rootArgs = Object.entries(wellFormed(route.op, [], ctx)).map(([name, v]) => `${name}: ${toGraphQL(v)}`)
  const leaf = `${field.name}(${argument}: ${value}) ${selectionFor(field.type, ctx.types, 1)}`
  const inner = route.fields.reduceRight((selection, name) => `${name} { __typename ${selection} }`, leaf)
  const root = `${route.op.field.name}${rootArgs.length ? `(${rootArgs.join(', ')})` : ''} { __typename ${inner} }`
  const query = variables ? `query Fuzz($v: ${argumentType}) { ${root} }` : `query Fuzz { ${root} }`
  return `{"query":${JSON.stringify(query)}${variables ? `,"variables":${variables}` : ''}}`
}
