import { sql } from 'kysely'
import { isUuid } from '../../../domain/shared/ids.js'
import type { MenuItem } from '../../../domain/webstore/menu/items.js'
import type { MenuLink, MenuLinkType } from '../../../domain/webstore/menu/links.js'
import type { AnyDb } from '../../../infra/database/database.js'

/** A menu item whose link leads nowhere, and why. */
export interface BrokenLink {
  itemId: string
  title: string
  link: MenuLink
  /** e.g. "page deleted", "product not found". */
  reason: string
}

/**
 * The read model of each kind of link target: a target missing from its table is gone. Read
 * models of resources still being built (a table not created yet) are skipped, so their links
 * count as fine until the resource lands rather than all as broken.
 */
const TARGETS: Record<Exclude<MenuLinkType, 'URL' | 'HOME'>, { table: string; what: string }> = {
  PRODUCT: { table: 'products', what: 'product' },
  CATEGORY: { table: 'categories', what: 'category' },
  COLLECTION: { table: 'collections', what: 'collection' },
  PAGE: { table: 'pages', what: 'page' },
  BLOG: { table: 'blogs', what: 'blog' },
  POST: { table: 'posts', what: 'post' },
}

/**
 * The items of a menu whose target no longer exists in the store, checked at read time against
 * the targets' read models, so a deletion shows here the moment its read model has it. The reason
 * says "deleted" when the audit log holds the target's deletion, else "not found" (a wrong id).
 *
 * @example await brokenLinks(db, storeId, menu.flatItems) // [{ itemId, title, link, reason: 'page deleted' }]
 */
export async function brokenLinks(db: AnyDb, storeId: string, items: readonly MenuItem[]): Promise<BrokenLink[]> {
  const missing = new Map<string, string>()
  for (const [type, target] of Object.entries(TARGETS)) {
    const ids = [
      ...new Set(
        items.filter((item) => item.link.type === type && item.link.resourceId).map((item) => item.link.resourceId!),
      ),
    ].filter(isUuid)
    if (ids.length === 0 || !(await tableExists(db, target.table))) continue
    const rows: { id: string }[] = await db
      .selectFrom(target.table)
      .select('id')
      .where('store_id', '=', storeId)
      .where('id', 'in', ids)
      .execute()
    const found = new Set(rows.map((row) => row.id))
    for (const id of ids) if (!found.has(id)) missing.set(`${type}:${id}`, target.what)
  }
  if (missing.size === 0) return []
  const deleted = await deletedEntities(
    db,
    storeId,
    [...missing.keys()].map((key) => key.slice(key.indexOf(':') + 1)),
  )
  return items.flatMap((item) => {
    const what = missing.get(`${item.link.type}:${item.link.resourceId}`)
    if (!what) return []
    return [
      {
        itemId: item.itemId,
        title: item.title,
        link: item.link,
        reason: `${what} ${deleted.has(item.link.resourceId!) ? 'deleted' : 'not found'}`,
      },
    ]
  })
}

async function tableExists(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db)
  return rows[0]?.found != null
}

/** Which of the ids the store's audit log shows deleted. */
async function deletedEntities(db: AnyDb, storeId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!(await tableExists(db, 'audit_log'))) return new Set()
  const rows: { entity_id: string }[] = await db
    .selectFrom('audit_log')
    .select('entity_id')
    .where('store_id', '=', storeId)
    .where('entity_id', 'in', [...new Set(ids)])
    .where('type', 'like', '%Deleted')
    .execute()
  return new Set(rows.map((row) => row.entity_id))
}
