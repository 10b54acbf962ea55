import { z } from 'zod'
import { entityId } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import { normalizeRedirectPath, normalizeRedirectTarget, type Normalized } from './path.js'

function normalized(field: string, normalize: (raw: string) => Normalized) {
  return z.string({ error: `${field} must be a string` }).transform((raw, ctx) => {
    const result = normalize(raw)
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: `${field}: ${result.message}` })
    return z.NEVER
  })
}

const pathInput = normalized('path', normalizeRedirectPath).describe(
  "The storefront path that redirects, e.g. '/products/old-shirt' or '/fr/pages/about'. Stored normalized: host, query and " +
    'fragment dropped, trailing slash removed, lowercase. Unique in the store.',
)
const targetInput = normalized('target', normalizeRedirectTarget).describe(
  "Where the shopper is sent (301): a storefront path such as '/products/new-shirt' (a query is kept) or an absolute https:// URL.",
)

export const urlRedirectCreateInput = strictInput('urlRedirectCreate', { path: pathInput, target: targetInput })

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const urlRedirectUpdateInput = strictInput('urlRedirectUpdate', {
  id: entityId('URL redirect').describe('The redirect id returned by create_url_redirect (a UUID).'),
  path: pathInput.nullish(),
  target: targetInput.nullish(),
})

export const urlRedirectDeleteInput = strictInput('urlRedirectDelete', { id: entityId('URL redirect') })

/**
 * `loopsVia` is what `prepare` found by following the new target through the store's redirects:
 * the path whose redirect leads back to this one's path, or null when none does.
 */
export type UrlRedirectCreate = {
  type: 'UrlRedirectCreate'
  data: { urlRedirectId: string; path: string; target: string; loopsVia: string | null }
}
/** Fields left out stay. */
export type UrlRedirectUpdate = {
  type: 'UrlRedirectUpdate'
  data: { urlRedirectId: string; path?: string; target?: string; loopsVia: string | null }
}
export type UrlRedirectDelete = { type: 'UrlRedirectDelete'; data: { urlRedirectId: string } }

export type UrlRedirectCommand = UrlRedirectCreate | UrlRedirectUpdate | UrlRedirectDelete
