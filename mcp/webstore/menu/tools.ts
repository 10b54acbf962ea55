import { z } from 'zod'
import { badInput, DomainError, notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { MENU_LINK_TYPES } from '../../../domain/webstore/menu/links.js'
import {
  findContentEntry,
  findContentType,
  listContentEntries,
  type ContentEntryRecord,
} from '../../../projections/webstore/content/queries.js'
import { brokenLinks } from '../../../projections/webstore/menu/links.js'
import { findMenu, listMenus, MENU_SORTS, type MenuRecord } from '../../../projections/webstore/menu/queries.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { isoString, listArgsShape, listSchema, stringFilter } from '../../shared/lists.js'
import { requireStore } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

// Read tools for menus and content entries; their write tools come from the command registry.

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'webstore:read')

const link = z.object({ type: z.enum(MENU_LINK_TYPES), url: z.string().nullable(), resourceId: z.string().nullable() })
type ItemJson = { id: string; title: string; link: z.infer<typeof link>; items: ItemJson[] }
// Spelled out per level rather than recursive: some MCP clients cannot resolve a schema's $ref to itself.
const itemOf = (items: z.ZodType) => z.object({ id: z.string(), title: z.string(), link, items: z.array(items) })
const item = itemOf(itemOf(itemOf(z.never()).describe('Level 3: no sub-items.')))

const menuSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  items: z.array(item).describe('Top-level items in order, each with its sub-items (at most 3 levels).'),
  itemCount: z.number().int(),
  brokenLinks: z
    .array(z.object({ itemId: z.string(), title: z.string(), link, reason: z.string() }))
    .describe('Items whose target is deleted or unknown.'),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

async function menuJson(db: AnyDb, storeId: string, menu: MenuRecord) {
  const tree = (nodes: MenuRecord['items']): ItemJson[] =>
    nodes.map((node) => ({ id: node.itemId, title: node.title, link: node.link, items: tree(node.items) }))
  return {
    id: menu.id,
    handle: menu.handle,
    title: menu.title,
    items: tree(menu.items),
    itemCount: menu.itemCount,
    brokenLinks: await brokenLinks(db, storeId, menu.flatItems),
    revision: menu.revision,
    createdAt: isoString(menu.createdAt),
    updatedAt: isoString(menu.updatedAt),
  }
}

const entrySchema = z.object({
  id: z.string(),
  typeId: z.string(),
  handle: z.string(),
  fields: z.record(z.string(), z.unknown()),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
const entryJson = (entry: ContentEntryRecord) => ({
  ...entry,
  createdAt: isoString(entry.createdAt),
  updatedAt: isoString(entry.updatedAt),
})

export const menuReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_menu',
    description:
      'Get a menu of the current store by id or handle (e.g. main-menu): its item tree and brokenLinks (items whose page, product … is gone). Fails with NOT_FOUND when there is no such menu.',
    available: canRead,
    input: z.strictObject({ id: z.string().nullish(), handle: z.string().nullish() }),
    output: menuSchema,
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      if (!args.id && !args.handle) throw badInput(['id'], 'get_menu needs an id or a handle')
      const menu = await findMenu(db, storeId, args.id ? { id: args.id } : { handle: args.handle! })
      if (!menu)
        throw args.id
          ? notFound('menu', args.id)
          : new DomainError('NOT_FOUND', `no menu with handle '${args.handle}' in this store`)
      return menuJson(db, storeId, menu)
    },
  }),
  readTool({
    name: 'list_menus',
    description:
      "List the current store's menus with filters (title, handle, search), sort and pagination. Returns nodes, pageInfo and totalCount.",
    available: canRead,
    input: z.strictObject({
      ...listArgsShape,
      filter: z
        .strictObject({ title: stringFilter.nullish(), handle: stringFilter.nullish(), search: z.string().nullish() })
        .nullish(),
      sort: z.enum(MENU_SORTS).nullish().describe('CREATED_AT_DESC when omitted.'),
    }),
    output: listSchema(menuSchema),
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      const page = await listMenus(db, storeId, args)
      return {
        nodes: await Promise.all(page.nodes.map((menu) => menuJson(db, storeId, menu))),
        pageInfo: page.pageInfo,
        totalCount: page.totalCount,
      }
    },
  }),
  readTool({
    name: 'list_content_entries',
    description:
      'List the entries of a content type (by its handle, e.g. testimonial) with their field values, filtered by handle or a search, ' +
      "sorted and paged. The type's fields are listed in fieldsOfType. Fails with NOT_FOUND for an unknown type.",
    available: canRead,
    input: z.strictObject({
      type: z.string(),
      ...listArgsShape,
      filter: z.strictObject({ handle: stringFilter.nullish(), search: z.string().nullish() }).nullish(),
    }),
    output: listSchema(entrySchema).extend({ fieldsOfType: z.array(z.record(z.string(), z.unknown())) }),
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      const type = await findContentType(db, storeId, { handle: args.type })
      if (!type)
        throw new DomainError('NOT_FOUND', `no content type with handle '${args.type}' in this store`, {
          field: ['type'],
        })
      const page = await listContentEntries(db, storeId, type, args)
      return {
        nodes: page.nodes.map(entryJson),
        pageInfo: page.pageInfo,
        totalCount: page.totalCount,
        fieldsOfType: type.fields,
      }
    },
  }),
  readTool({
    name: 'get_content_entry',
    description:
      'Get one content entry by id with its field values. Fails with NOT_FOUND when the store has no such entry.',
    available: canRead,
    input: z.strictObject({ id: z.string() }),
    output: entrySchema,
    async run(args, { session }) {
      const entry = await findContentEntry(session.platform.database.db, requireStore(session).id, { id: args.id })
      if (!entry) throw notFound('content entry', args.id)
      return entryJson(entry)
    },
  }),
]
