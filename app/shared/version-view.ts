import { z } from 'zod'
import type { EntityVersionRecord } from '../../projections/shared/entity-table.js'
import { isoString } from './connection.js'

/** The revision and times an entity's view ends with: spread last into its schema, beside `versionView`. */
export const versionViewShape = { revision: z.number().int(), createdAt: z.string(), updatedAt: z.string() }

/**
 * An entity record's revision and times as its view serves them, the times as ISO-8601 strings.
 *
 * @example return { id, title, ...versionView(blog) }
 */
export function versionView(record: EntityVersionRecord) {
  return { revision: record.revision, createdAt: isoString(record.createdAt), updatedAt: isoString(record.updatedAt) }
}
