/**
 * Documents an attacker sends to make the server work hard before it refuses them: fragment
 * fan-outs, alias bombs, token floods. Shared by the limit suites and the liveness test.
 */

/**
 * `levels` fragments on `type`, each spreading the previous one twice (through two aliases of
 * `through` when given), the first selecting `leaf`; `operation` spreads the last, `F<levels>`.
 * Spread out, the operation selects 2^levels fields.
 *
 * @example fragmentFanOut({ levels: 21, type: 'SignUpPayload', leaf: 'role', operation: 'mutation { signUp(input: …) { ...F21 } }' })
 */
export function fragmentFanOut(options: {
  levels: number
  type: string
  leaf: string
  through?: string
  operation: string
}): string {
  const { levels, type, leaf, through, operation } = options
  const fragments = [`fragment F0 on ${type} { ${leaf} }`]
  for (let level = 1; level <= levels; level++) {
    const spread = `...F${level - 1}`
    const body = through
      ? `a${level}: ${through} { ${spread} } b${level}: ${through} { ${spread} }`
      : `${spread} ${spread}`
    fragments.push(`fragment F${level} on ${type} { ${body} }`)
  }
  return `${operation} ${fragments.join(' ')}`
}

/** A query of about `tokens` lexical tokens: one field selected over and over. */
export function manyTokens(tokens: number): string {
  return `{ viewer { ${'scopes '.repeat(tokens)}} }`
}

/** `count` aliases of the same object field, each with its own selection: 2^k bombs are built from these. */
export function aliasFlood(count: number, field = 'viewer { scopes }'): string {
  return `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`
}

/** Selections nested `levels` deep: the parser and every recursive rule walk all of them. */
export function deepNesting(levels: number): string {
  return `{ ${'viewer { '.repeat(levels)}scopes${' }'.repeat(levels)} }`
}
