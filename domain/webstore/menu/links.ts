import { z } from 'zod'

/** What a menu item points at. URL and HOME need no resource; the others name one by id. */
export const MENU_LINK_TYPES = ['URL', 'HOME', 'PRODUCT', 'CATEGORY', 'COLLECTION', 'PAGE', 'BLOG', 'POST'] as const
export type MenuLinkType = (typeof MENU_LINK_TYPES)[number]

/** A link as events and read models hold it: `url` only for URL, `resourceId` only for resource types. */
export type MenuLink = { type: MenuLinkType; url: string | null; resourceId: string | null }

export const MENU_URL_MAX_LENGTH = 2048

/**
 * Whether a URL may be a menu link: absolute http(s), a path on the store (`/sale`, not the
 * protocol-relative `//host`), `mailto:` or `tel:`. Anything else (javascript:, data:) could run
 * script or break when the storefront prints it.
 */
export function isMenuUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !/\s/.test(url)
  if (/^(mailto|tel):\S+$/i.test(url)) return true
  if (!/^https?:\/\//i.test(url)) return false
  try {
    return new URL(url).hostname !== ''
  } catch {
    return false
  }
}

const linkShape = z.strictObject(
  {
    type: z.enum(MENU_LINK_TYPES, { error: `link.type must be one of ${MENU_LINK_TYPES.join(', ')}` }),
    url: z
      .string({ error: 'link.url must be a string' })
      .trim()
      .max(MENU_URL_MAX_LENGTH, `link.url must be at most ${MENU_URL_MAX_LENGTH} characters`)
      .nullish(),
    resourceId: z
      .uuid({
        error: 'link.resourceId must be the id (a UUID) of the product, category, collection, page, blog or post',
      })
      .overwrite((id) => id.toLowerCase())
      .nullish(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `a link takes only type, url and resourceId, not ${issue.keys.join(', ')}`
        : undefined,
  },
)

/** A link input: checked for the fields its type needs, normalised to a `MenuLink`. */
export const menuLinkInput = linkShape
  .superRefine((link, ctx) => {
    if (link.type === 'URL') {
      if (!link.url)
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: 'a URL link needs url, e.g. "https://example.com" or "/collections/sale"',
        })
      else if (!isMenuUrl(link.url))
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: `link.url '${link.url}' must be an http(s) URL, a path starting with '/', mailto: or tel:`,
        })
      if (link.resourceId)
        ctx.addIssue({
          code: 'custom',
          path: ['resourceId'],
          message: 'a URL link takes url only; leave resourceId out',
        })
    } else if (link.type === 'HOME') {
      if (link.url || link.resourceId)
        ctx.addIssue({
          code: 'custom',
          path: [link.url ? 'url' : 'resourceId'],
          message: 'a HOME link points at the home page; leave url and resourceId out',
        })
    } else {
      if (!link.resourceId)
        ctx.addIssue({
          code: 'custom',
          path: ['resourceId'],
          message: `a ${link.type} link needs resourceId, the id of the ${link.type.toLowerCase()}`,
        })
      if (link.url)
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: `a ${link.type} link takes resourceId only; leave url out`,
        })
    }
  })
  .transform((link): MenuLink => ({
    type: link.type,
    url: link.type === 'URL' ? (link.url ?? null) : null,
    resourceId: link.resourceId ?? null,
  }))
  .describe(
    'What the item points at: {type: URL, url} (http(s), /path, mailto:, tel:), {type: HOME}, or {type: PRODUCT|CATEGORY|COLLECTION|PAGE|BLOG|POST, resourceId}.',
  )

/** Whether two links point at the same place. */
export function sameLink(a: MenuLink, b: MenuLink): boolean {
  return a.type === b.type && a.url === b.url && a.resourceId === b.resourceId
}
