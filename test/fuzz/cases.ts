import { baseline, isRequired, type ValueContext } from './baseline.js'
import { OMIT, setAt, toGraphQL, toJson, type FuzzValue } from './literals.js'
import { malformedFor, type Variant } from './malformed.js'
import { namedType, type FieldDef, type NamedType, type Operation, type TypeRef } from './schema-model.js'

/** One GraphQL request of the fuzz, ready to send. */
export interface GraphQLCase {
  operation: string
  kind: 'query' | 'mutation'
  /** Dotted path of the argument at fault (`input.variants.price`), or `(pagination)`. */
  path: string
  cls: string
  mode: 'variables' | 'inline'
  /** The JSON body. */
  body: string
}

const PAGINATION = ['page', 'limit', 'first', 'last', 'after', 'before']
const MAX_PATH_DEPTH = 4

export function printType(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL') return `${printType(ref.ofType!)}!`
  if (ref.kind === 'LIST') return `[${printType(ref.ofType!)}]`
  return ref.name!
}

/** Every argument path of an operation: its arguments, and the fields of input objects within (each input type once per path). */
export function argumentPaths(field: FieldDef, types: Map<string, NamedType>): { path: string[]; ref: TypeRef }[] {
  const out: { path: string[]; ref: TypeRef }[] = []
  const walk = (path: string[], ref: TypeRef, seen: readonly string[]) => {
    out.push({ path, ref })
    const named = types.get(namedType(ref))!
    if (named.kind !== 'INPUT_OBJECT' || seen.includes(named.name) || path.length >= MAX_PATH_DEPTH) return
    for (const inner of named.inputFields ?? []) walk([...path, inner.name], inner.type, [...seen, named.name])
  }
  for (const arg of field.args) walk([arg.name], arg.type, [])
  return out
}

/** A small selection of what the operation returns: scalars two levels down, objects with their ids. */
export function selectionFor(ref: TypeRef, types: Map<string, NamedType>, depth = 0): string {
  const named = types.get(namedType(ref))!
  if (named.kind !== 'OBJECT' && named.kind !== 'INTERFACE') return named.kind === 'UNION' ? '{ __typename }' : ''
  const parts = ['__typename']
  for (const field of named.fields ?? []) {
    if (field.args.some(isRequired) || field.name.startsWith('__')) continue
    const inner = types.get(namedType(field.type))!
    if (inner.kind === 'SCALAR' || inner.kind === 'ENUM') parts.push(field.name)
    else if (depth < 1) parts.push(`${field.name} ${selectionFor(field.type, types, depth + 1)}`)
    if (parts.length >= 12) break
  }
  return `{ ${parts.join(' ')} }`
}

/** The request for `operation` with these argument values (OMIT leaves an argument out). */
export function requestFor(
  op: Operation,
  args: Record<string, FuzzValue>,
  mode: 'variables' | 'inline',
  types: Map<string, NamedType>,
): string {
  const sent = op.field.args.filter((a) => a.name in args && args[a.name] !== OMIT)
  const selection = selectionFor(op.field.type, types)
  if (mode === 'inline') {
    const call = sent.length ? `(${sent.map((a) => `${a.name}: ${toGraphQL(args[a.name]!)}`).join(', ')})` : ''
    return `{"query":${JSON.stringify(`${op.kind} Fuzz { ${op.field.name}${call} ${selection} }`)}}`
  }
  const declared = sent.length ? `(${sent.map((a) => `$${a.name}: ${printType(a.type)}`).join(', ')})` : ''
  const call = sent.length ? `(${sent.map((a) => `${a.name}: $${a.name}`).join(', ')})` : ''
  const query = `${op.kind} Fuzz${declared} { ${op.field.name}${call} ${selection} }`
  const variables = `{${sent.map((a) => `${JSON.stringify(a.name)}:${toJson(args[a.name]!)}`).join(',')}}`
  return `{"query":${JSON.stringify(query)},"variables":${variables}}`
}

/** Well-formed required arguments, plus the branch `path` leads into (every argument and field with `full`). */
export function wellFormed(
  op: Operation,
  path: readonly string[],
  ctx: ValueContext,
  full = false,
): Record<string, FuzzValue> {
  const args: Record<string, FuzzValue> = {}
  for (const arg of op.field.args) {
    if (arg.name === path[0] || isRequired(arg) || (full && !PAGINATION.includes(arg.name))) {
      args[arg.name] = baseline(arg.type, arg.name, ctx, arg.name === path[0] ? path.slice(1) : [], 0, full)
    }
  }
  return args
}

/** Well-formed arguments with `variant` placed at `path`. */
const argumentsWith = (
  op: Operation,
  path: readonly string[],
  variant: FuzzValue,
  ctx: ValueContext,
): Record<string, FuzzValue> => setAt(wellFormed(op, path, ctx), path, variant) as Record<string, FuzzValue>

const b64 = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

/** A cursor of the shared pagination (`[sort, value, id]` in base64url JSON); other lists make their own kind. */
function decodeCursor(cursor: string): [string, unknown, string] | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    return Array.isArray(parsed) && parsed.length === 3 ? (parsed as [string, unknown, string]) : null
  } catch {
    return null
  }
}

/** Cursors an attacker makes: other lists' and other tenants', truncated, and forged around a real one of this list. */
export function cursorVariants(
  own: string | undefined,
  other: string | undefined,
  anyOwn: string | undefined,
  ctx: ValueContext,
): Variant[] {
  const out: Variant[] = [
    { cls: 'cursor:garbage', value: 'garbage!' },
    { cls: 'cursor:empty', value: '' },
    { cls: 'cursor:huge', value: 'x'.repeat(100_000) },
    { cls: 'cursor:not-json', value: b64('not json') },
    { cls: 'cursor:wrong-shape', value: b64([1, 2]) },
    { cls: 'cursor:nul', value: `${own ?? 'x'}\u0000` },
  ]
  if (other) out.push({ cls: 'cursor:other-tenant', value: other })
  if (anyOwn) out.push({ cls: 'cursor:other-list', value: anyOwn })
  if (!own) return out
  out.push({ cls: 'cursor:truncated', value: own.slice(0, -3) })
  const decoded = decodeCursor(own)
  if (!decoded) return out
  const [signature, , id] = decoded
  const forged: [string, unknown, unknown][] = [
    ['year-0', { d: '0000-01-01T00:00:00.000Z' }, id],
    ['year-275760', { d: '+275760-09-13T00:00:00.000Z' }, id],
    ['date-as-value', { v: '2026-01-01' }, id],
    ['nul-value', { v: 'fuzz\u0000' }, id],
    ['huge-value', { v: 'x'.repeat(100_000) }, id],
    ['huge-number', { v: 1e308 }, id],
    ['text-value', { v: 'abc' }, id],
    ['bool-value', { v: true }, id],
    ['null-value', { v: null }, id],
    ['other-tenant-id', { v: 'a' }, ctx.rng.uuid()],
    ['not-uuid-id', { v: 'a' }, 'not-a-uuid'],
  ]
  for (const [name, plain, forgedId] of forged)
    out.push({ cls: `cursor:forged-${name}`, value: b64([signature, plain, forgedId]) })
  return out
}

/** Page/cursor mode mixes and sizes over the limits, for list operations. */
function paginationCombos(op: Operation, ctx: ValueContext): { cls: string; args: Record<string, FuzzValue> }[] {
  const names = op.field.args.map((a) => a.name)
  if (!names.some((n) => PAGINATION.includes(n))) return []
  const cursors = ctx.world.a.cursors
  const own = cursors.get(op.field.name)
  const combos: { cls: string; args: Record<string, FuzzValue> }[] = [
    { cls: 'pagination:first-and-last', args: { first: 5, last: 5 } },
    { cls: 'pagination:after-and-before', args: { after: own ?? 'x', before: own ?? 'x' } },
    { cls: 'pagination:page-and-first', args: { page: 2, first: 5 } },
    { cls: 'pagination:limit-and-after', args: { limit: 5, after: own ?? 'x' } },
    { cls: 'pagination:limit-251', args: { limit: 251 } },
    { cls: 'pagination:first-251', args: { first: 251 } },
    { cls: 'pagination:first-0', args: { first: 0 } },
    { cls: 'pagination:last-page', args: { page: 2147483647, limit: 250 } },
  ]
  for (const variant of cursorVariants(
    own,
    ctx.world.b.cursors.get(op.field.name),
    [...cursors.values()].find((c) => c !== own),
    ctx,
  ))
    combos.push({ cls: variant.cls, args: { first: 5, after: variant.value } })
  return combos
    .filter((c) => Object.keys(c.args).every((k) => names.includes(k)))
    .map((c) => ({ cls: c.cls, args: { ...wellFormed(op, [], ctx), ...c.args } }))
}

/**
 * `count` variants, the classes the run has used least first (ties at random): with one value
 * per path the short form still sends every class somewhere.
 */
export function leastUsed(variants: Variant[], count: number, ctx: ValueContext): Variant[] {
  const shuffled = ctx.rng.sample(variants, variants.length)
  const chosen = shuffled
    .sort((x, y) => (ctx.classUses.get(x.cls) ?? 0) - (ctx.classUses.get(y.cls) ?? 0))
    .slice(0, count)
  for (const variant of chosen) ctx.classUses.set(variant.cls, (ctx.classUses.get(variant.cls) ?? 0) + 1)
  return chosen
}

/**
 * The GraphQL cases of one operation: every argument path gets `perPath` malformed values
 * (drawn from its type's classes), the least used classes first, each sent as variables or inline at random, plus the
 * pagination mixes of list operations.
 */
export function casesFor(op: Operation, ctx: ValueContext, perPath: number): GraphQLCase[] {
  const out: GraphQLCase[] = []
  const mode = (): 'variables' | 'inline' => (ctx.rng.chance(0.5) ? 'variables' : 'inline')
  const push = (path: string, cls: string, args: Record<string, FuzzValue>) => {
    const m = mode()
    out.push({ operation: op.field.name, kind: op.kind, path, cls, mode: m, body: requestFor(op, args, m, ctx.types) })
  }
  // Well-formed calls first: accepted writes carry the run's odd but valid values to the projections.
  if (!op.field.args.length) push('()', 'no-arguments', {})
  else push('()', 'well-formed', wellFormed(op, [], ctx, true))
  for (const { path, ref } of argumentPaths(op.field, ctx.types)) {
    for (const variant of leastUsed(malformedFor(ref, path.at(-1)!, ctx), perPath, ctx)) {
      push(path.join('.'), variant.cls, argumentsWith(op, path, variant.value, ctx))
    }
  }
  const combos = paginationCombos(op, ctx)
  for (const combo of ctx.rng.sample(combos, Math.max(perPath * 2, 4))) push('(pagination)', combo.cls, combo.args)
  return out
}
