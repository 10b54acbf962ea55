import type { Tenant } from '../support/app.js'

/** What the fuzzer knows of one tenant: its key and the ids and cursors its lists showed it. */
export interface TenantView {
  tenant: Tenant
  /** Ids by GraphQL type name (`Product`, `Category`, …). */
  ids: Map<string, string[]>
  /** The endCursor each list (by query field) returned. */
  cursors: Map<string, string>
}

/** Tenant A is the attacker (its full-scope key sends the fuzz); tenant B is the victim whose ids are mixed in. */
export interface FuzzWorld {
  a: TenantView
  b: TenantView
}

export function anyId(view: TenantView): string | undefined {
  for (const ids of view.ids.values()) if (ids.length) return ids[0]
  return undefined
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1)

/** Argument names whose type the name does not say. */
const ALIASES: Record<string, string> = {
  variant: 'ProductVariant',
  image: 'Media',
  coverMedia: 'Media',
  type: 'ContentType',
  organization: 'Organization',
  actor: 'ApiKey',
}

/**
 * The type an id argument points at, guessed from names as an attacker would: `productId` →
 * Product, `variantIds` → ProductVariant, `id` or `parentId` of `menuItemMove` → MenuItem (the
 * longest type name the operation starts with). Null when nothing fits.
 */
export function idTypeFor(operation: string, argument: string, typeNames: readonly string[]): string | null {
  const stem = argument.replace(/Ids?$/, '')
  if (stem && stem !== 'parent' && stem !== argument) {
    const direct = ALIASES[stem] ?? stem.charAt(0).toUpperCase() + stem.slice(1)
    if (typeNames.includes(direct)) return direct
  }
  if (argument !== 'id' && argument !== 'ids' && argument !== 'parentId') return null
  let best: string | null = null
  for (const name of typeNames)
    if (operation.startsWith(lowerFirst(name)) && (!best || name.length > best.length)) best = name
  return best
}

/** An id of `type` in the view, else any of its ids. */
export function idOf(view: TenantView, type: string | null): string | undefined {
  return (type ? view.ids.get(type)?.[0] : undefined) ?? anyId(view)
}
