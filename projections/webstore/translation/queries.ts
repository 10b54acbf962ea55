import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import { sourceDigest } from '../../../domain/webstore/translation/digest.js'
import type { TranslatableResourceType } from '../../../domain/webstore/translation/events.js'
import { TRANSLATABLE_RESOURCE_LIST } from '../../../domain/webstore/translation/list.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { listRunner } from '../../shared/list-runner.js'
import type { Connection, PaginateOptions } from '../../shared/pagination.js'
import { findTranslatableSource, kindOf } from './sources.js'
import type { TranslationDb } from './tables.js'

/** A source text a translator works from. */
export interface TranslatableContent {
  key: string
  value: string
  /** SHA-256 hex of `value`: pass it back as `sourceDigest` when registering. */
  digest: string
}

export interface TranslationRecord {
  locale: string
  key: string
  value: string
  sourceDigest: string
  /** The source text changed after this was translated. */
  outdated: boolean
  updatedAt: Date
}

export interface TranslatableResourceRecord {
  resourceId: string
  resourceType: TranslatableResourceType
  content: TranslatableContent[]
  /** Every locale's translations of keys the resource still has, by locale then key. */
  translations: TranslationRecord[]
}

export type ListTranslatableResourcesArgs = ListArgsOf<typeof TRANSLATABLE_RESOURCE_LIST>

// Every kind's table has the two columns: whichever table the kind names, the binding is the same.
const resources = listRunner(TRANSLATABLE_RESOURCE_LIST)

/** A resource of the store by id with its source texts and translations; null when the store has none with that id. */
export async function findTranslatableResource(
  db: AnyDb,
  storeId: string,
  resourceId: string,
): Promise<TranslatableResourceRecord | null> {
  const source = await findTranslatableSource(db, storeId, resourceId)
  if (!source) return null
  const [record] = await withTranslations(db, storeId, source.resourceType, new Map([[resourceId, source.texts]]))
  return record!
}

/** The store's resources of one kind, oldest first unless sorted otherwise, each with its source texts and translations. */
export async function listTranslatableResources(
  db: AnyDb,
  storeId: string,
  resourceType: TranslatableResourceType,
  args: ListTranslatableResourcesArgs,
  options: PaginateOptions = {},
): Promise<Connection<TranslatableResourceRecord>> {
  const kind = kindOf(resourceType)
  const query = db.selectFrom(kind.table).select(['id', 'created_at']).where('store_id', '=', storeId)
  const page = await resources.run<{ id: string; created_at: Date }>(query, args, options)
  const ids = page.nodes.map((row) => row.id)
  const records = await withTranslations(db, storeId, resourceType, await kind.load(db, storeId, ids))
  const byId = new Map(records.map((record) => [record.resourceId, record]))
  const nodes = ids.map((id) => byId.get(id)!)
  return { ...page, nodes, edges: page.edges.map((edge, index) => ({ cursor: edge.cursor, node: nodes[index]! })) }
}

/**
 * The registered values of `locale` for many resources at once (the per-request loader's one
 * query): resource id → key → value. Outdated values are included: a slightly old translation
 * reads better to a shopper than a switch of language mid-page.
 */
export async function translationValues(
  db: AnyDb,
  storeId: string,
  locale: string,
  resourceIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const values = new Map<string, Record<string, string>>()
  if (resourceIds.length === 0) return values
  const rows = await (db as TranslationDb)
    .selectFrom('translations')
    .select(['resource_id', 'key', 'value'])
    .where('store_id', '=', storeId)
    .where('locale', '=', locale)
    .where('resource_id', 'in', resourceIds)
    .execute()
  for (const row of rows) values.set(row.resource_id, { ...values.get(row.resource_id), [row.key]: row.value })
  return values
}

async function withTranslations(
  db: AnyDb,
  storeId: string,
  resourceType: TranslatableResourceType,
  sources: Map<string, Record<string, string>>,
): Promise<TranslatableResourceRecord[]> {
  const ids = [...sources.keys()]
  const rows = ids.length
    ? await (db as TranslationDb)
        .selectFrom('translations')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('resource_id', 'in', ids)
        .orderBy('locale')
        .orderBy('key')
        .execute()
    : []
  return ids.map((resourceId) => {
    const texts = sources.get(resourceId)!
    const content = Object.entries(texts).map(([key, value]) => ({ key, value, digest: sourceDigest(value) }))
    const digests = new Map(content.map((item) => [item.key, item.digest]))
    // A translation of a key the resource no longer has (an option removed, a field cleared) is not shown.
    const translations = rows
      .filter((row) => row.resource_id === resourceId && digests.has(row.key))
      .map((row) => ({
        locale: row.locale,
        key: row.key,
        value: row.value,
        sourceDigest: row.source_digest,
        outdated: row.source_digest !== digests.get(row.key),
        updatedAt: row.updated_at,
      }))
    return { resourceId, resourceType, content, translations }
  })
}
