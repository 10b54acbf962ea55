/**
 * Values the fuzzer sends, written either into the JSON `variables` or inline into the document
 * as GraphQL literals. Plain JSON values cover most cases; three markers cover the rest.
 */

/** Text written verbatim, e.g. a 20-digit number JSON cannot hold exactly, or a 10,000-deep nesting built without recursion. */
export class Raw {
  constructor(
    readonly json: string,
    readonly graphql: string = json,
  ) {}
}

/** An enum value: a string in JSON, a bare name in a document. */
export class EnumValue {
  constructor(readonly name: string) {}
}

/** An input field or argument left out altogether. */
export const OMIT: unique symbol = Symbol('omit')

export type FuzzValue =
  null | boolean | number | string | Raw | EnumValue | typeof OMIT | FuzzValue[] | { [key: string]: FuzzValue }

export function toJson(value: FuzzValue): string {
  if (value instanceof Raw) return value.json
  if (value instanceof EnumValue) return JSON.stringify(value.name)
  if (value === OMIT) return 'null'
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== OMIT)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** A GraphQL literal. Strings use JSON escapes, which GraphQL shares (\u0000, \ud800 included). */
export function toGraphQL(value: FuzzValue): string {
  if (value instanceof Raw) return value.graphql
  if (value instanceof EnumValue) return value.name
  if (value === OMIT) return 'null'
  if (Array.isArray(value)) return `[${value.map(toGraphQL).join(', ')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== OMIT)
      .map(([k, v]) => `${k}: ${toGraphQL(v)}`)
      .join(', ')}}`
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null'
  return JSON.stringify(value)
}

/** `value` with `replacement` at `path` (OMIT removes the key); the original is left alone. */
export function setAt(value: FuzzValue, path: readonly string[], replacement: FuzzValue): FuzzValue {
  if (!path.length) return replacement
  const [head, ...rest] = path as [string, ...string[]]
  const object =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Raw) &&
    !(value instanceof EnumValue)
      ? value
      : {}
  if (!rest.length) return { ...object, [head]: replacement }
  const inner = (object as Record<string, FuzzValue>)[head] ?? {}
  // A list on the way holds one element: the path goes into that element.
  if (Array.isArray(inner)) return { ...object, [head]: [setAt(inner[0] ?? {}, rest, replacement)] }
  return { ...object, [head]: setAt(inner, rest, replacement) }
}
