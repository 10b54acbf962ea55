import { z } from 'zod'
import type { MenuItemNode } from '../../../domain/webstore/menu/items.js'
import { MENU_LINK_TYPES } from '../../../domain/webstore/menu/links.js'
import type { BrokenLink } from '../../../projections/webstore/menu/links.js'
import type { MenuRecord } from '../../../projections/webstore/menu/queries.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'

const menuLinkViewSchema = z.object({
  type: z.enum(MENU_LINK_TYPES),
  url: z.string().nullable(),
  resourceId: z.string().nullable(),
})

export type MenuItemView = {
  id: string
  title: string
  link: z.infer<typeof menuLinkViewSchema>
  items: MenuItemView[]
}

// Spelled out per level rather than recursive: some MCP clients cannot resolve a schema's $ref to itself.
const itemOf = (items: z.ZodType) =>
  z.object({ id: z.string(), title: z.string(), link: menuLinkViewSchema, items: z.array(items) })
const menuItemViewSchema = itemOf(itemOf(itemOf(z.never()).describe('Level 3: no sub-items.')))

/** A menu as GraphQL's `Menu` and the MCP tools serve it: its item tree and the items whose target is gone. */
export const menuViewSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  items: z.array(menuItemViewSchema).describe('Top-level items in order, each with its sub-items (at most 3 levels).'),
  itemCount: z.number().int(),
  brokenLinks: z
    .array(z.object({ itemId: z.string(), title: z.string(), link: menuLinkViewSchema, reason: z.string() }))
    .describe('Items whose target is deleted or unknown.'),
  ...versionViewShape,
})

export type MenuView = Omit<z.infer<typeof menuViewSchema>, 'items'> & { items: MenuItemView[] }

const tree = (nodes: readonly MenuItemNode[]): MenuItemView[] =>
  nodes.map((node) => ({ id: node.itemId, title: node.title, link: node.link, items: tree(node.items) }))

/** The menu with its broken links, judged when it is read. */
export function toMenuView(menu: MenuRecord, brokenLinks: BrokenLink[]): MenuView {
  const { id, handle, title, itemCount } = menu
  return { id, handle, title, items: tree(menu.items), itemCount, brokenLinks, ...versionView(menu) }
}
