import type { TranslatableResourceType } from '../../../domain/webstore/translation/events.js'
import type { AnyDb } from '../../../infra/database/database.js'

// What every translatable kind provides; the kinds themselves are listed in sources.ts.

/** Source text by key of each found resource. */
export type SourceTexts = Map<string, Record<string, string>>

export interface TranslatableKind {
  type: TranslatableResourceType
  /** The kind's read model table; rows carry `store_id`, `id` and `created_at`. */
  table: string
  load(db: AnyDb, storeId: string, ids: readonly string[]): Promise<SourceTexts>
}

/**
 * A kind whose source texts `load` reads: a batch of no ids reads nothing.
 *
 * @example export const themes = translatableKind('THEME', 'themes', async (db, storeId, ids) => …)
 */
export function translatableKind(
  type: TranslatableResourceType,
  table: string,
  load: TranslatableKind['load'],
): TranslatableKind {
  return { type, table, load: async (db, storeId, ids) => (ids.length === 0 ? new Map() : load(db, storeId, ids)) }
}
