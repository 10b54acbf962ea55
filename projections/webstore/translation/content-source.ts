import type { ContentField, FieldValue } from '../../../domain/webstore/content/fields.js'
import { translatableKind } from './kind.js'

// Content entries: their TEXT and RICH_TEXT fields, as `fields.<key>` (or `fields.<key>.<index>`
// for list fields). Which fields are text comes from the entry's content type.

const TEXT_TYPES = new Set<ContentField['type']>(['TEXT', 'RICH_TEXT'])

/** JSON columns come back parsed from Postgres and as text from some drivers. */
function json<Value>(value: unknown): Value {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Value
}

function entryTexts(fields: ContentField[], values: Record<string, FieldValue>): Record<string, string> {
  const texts: Record<string, string> = {}
  for (const field of fields) {
    if (!TEXT_TYPES.has(field.type)) continue
    const value = values[field.key]
    if (typeof value === 'string' && value !== '') texts[`fields.${field.key}`] = value
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string' && item !== '') texts[`fields.${field.key}.${index}`] = item
      })
    }
  }
  return texts
}

/** Content entries, typed by their content type's fields. */
export const contentEntries = translatableKind('CONTENT_ENTRY', 'content_entries', async (db, storeId, ids) => {
  const rows = (await db
    .selectFrom('content_entries as e')
    .innerJoin('content_types as t', (join) =>
      join.onRef('t.store_id', '=', 'e.store_id').onRef('t.id', '=', 'e.type_id'),
    )
    .select(['e.id as id', 'e.fields as values', 't.fields as fields'])
    .where('e.store_id', '=', storeId)
    .where('e.id', 'in', ids)
    .execute()) as { id: string; values: unknown; fields: unknown }[]
  return new Map(
    rows.map((row) => [
      row.id,
      entryTexts(json<ContentField[]>(row.fields), json<Record<string, FieldValue>>(row.values)),
    ]),
  )
})
