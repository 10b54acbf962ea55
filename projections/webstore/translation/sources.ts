import type { TranslatableSourceText } from '../../../domain/shared/command.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { MenuItem } from '../../../domain/webstore/menu/items.js'
import type { TranslatableResourceType } from '../../../domain/webstore/translation/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { contentEntries } from './content-source.js'
import { translatableKind, type TranslatableKind } from './kind.js'
import { themes } from './theme-source.js'

// The registry of translatable resource kinds: for each, where its live resources are and which of
// their fields are text a shopper reads. Keys are stable paths ("seo.title", "options.0.name").
// A field with no source text is left out: there is nothing to translate.

type Row = Record<string, unknown> & { id: string }

/** Texts from columns of the kind's own table: `{ title: 'title', 'seo.title': 'seo_title' }`. */
function fromColumns(row: Row, columns: Record<string, string>): Record<string, string> {
  const texts: Record<string, string> = {}
  for (const [key, column] of Object.entries(columns)) {
    const text = row[column]
    if (typeof text === 'string' && text !== '') texts[key] = text
  }
  return texts
}

async function rowsOf(
  db: AnyDb,
  table: string,
  storeId: string,
  ids: readonly string[],
  columns: readonly string[],
): Promise<Row[]> {
  return (await db
    .selectFrom(table)
    .select(['id', ...columns])
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute()) as Row[]
}

/** JSON columns come back parsed from Postgres and as text from some drivers. */
function json<Value>(value: unknown): Value {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Value
}

/** Texts a kind keeps in a JSON column of its table, e.g. an attribute's option labels. */
interface NestedTexts {
  column: string
  texts(value: unknown): Record<string, string>
}

function columnKind(
  type: TranslatableResourceType,
  table: string,
  columns: Record<string, string>,
  nested?: NestedTexts,
): TranslatableKind {
  return translatableKind(type, table, async (db, storeId, ids) => {
    const rows = await rowsOf(db, table, storeId, ids, [
      ...new Set([...Object.values(columns), ...(nested ? [nested.column] : [])]),
    ])
    return new Map(rows.map((row) => [row.id, { ...fromColumns(row, columns), ...nested?.texts(row[nested.column]) }]))
  })
}

const SEO = { 'seo.title': 'seo_title', 'seo.description': 'seo_description' }

/**
 * Products: their own fields, the names of their options (`options.<position>.name`, from
 * product_options) and their TEXT and RICH_TEXT attribute values (`attributes.<code>`, from product_attributes).
 */
const products: TranslatableKind = {
  type: 'PRODUCT',
  table: 'products',
  async load(db, storeId, ids) {
    const found = await columnKind('PRODUCT', 'products', { title: 'title', description: 'description', ...SEO }).load(
      db,
      storeId,
      ids,
    )
    if (found.size === 0) return found
    const options = await db
      .selectFrom('product_options')
      .select(['product_id', 'name', 'position'])
      .where('store_id', '=', storeId)
      .where('product_id', 'in', [...found.keys()])
      .orderBy('position')
      .execute()
    for (const option of options as { product_id: string; name: string; position: number }[]) {
      found.get(option.product_id)![`options.${option.position}.name`] = option.name
    }
    const attributes = await db
      .selectFrom('product_attributes')
      .select(['product_id', 'code', 'value'])
      .where('store_id', '=', storeId)
      .where('product_id', 'in', [...found.keys()])
      .where('type', 'in', ['TEXT', 'RICH_TEXT'])
      .orderBy('code')
      .execute()
    for (const attribute of attributes as { product_id: string; code: string; value: unknown }[]) {
      // jsonb: a TEXT value comes back as the string itself.
      if (typeof attribute.value === 'string' && attribute.value !== '')
        found.get(attribute.product_id)![`attributes.${attribute.code}`] = attribute.value
    }
    return found
  },
}

/** Every kind, in the order a lookup by id tries them. */
export const TRANSLATABLE_KINDS: readonly TranslatableKind[] = [
  products,
  columnKind('COLLECTION', 'collections', { title: 'title', description: 'description', ...SEO }),
  columnKind('CATEGORY', 'categories', { title: 'title', description: 'description', ...SEO }),
  columnKind(
    'ATTRIBUTE',
    'attributes',
    { name: 'name' },
    {
      column: 'options',
      texts: (options) =>
        Object.fromEntries(
          json<{ code: string; label: string }[]>(options).map((option) => [
            `options.${option.code}.label`,
            option.label,
          ]),
        ),
    },
  ),
  columnKind('MEDIA', 'media', { alt: 'alt' }),
  columnKind('PAGE', 'pages', { title: 'title', body: 'body', ...SEO }),
  columnKind('BLOG', 'blogs', { title: 'title' }),
  columnKind('POST', 'posts', { title: 'title', excerpt: 'excerpt', body: 'body', ...SEO }),
  columnKind(
    'MENU',
    'menus',
    { title: 'title' },
    {
      column: 'items',
      texts: (items) =>
        Object.fromEntries(json<MenuItem[]>(items).map((item) => [`items.${item.itemId}.title`, item.title])),
    },
  ),
  themes,
  contentEntries,
]

/** The kind of a resource type. */
export function kindOf(type: TranslatableResourceType): TranslatableKind {
  const kind = TRANSLATABLE_KINDS.find((candidate) => candidate.type === type)
  if (!kind) throw new Error(`no translatable kind for ${type}`)
  return kind
}

/** A resource of the store by id, whatever its kind, with its source texts; null when none has that id. */
export async function findTranslatableSource(
  db: AnyDb,
  storeId: string,
  resourceId: string,
): Promise<TranslatableSourceText | null> {
  // Ids are uuid columns: text that is no UUID names nothing, rather than failing the query.
  if (!isUuid(resourceId)) return null
  for (const kind of TRANSLATABLE_KINDS) {
    const texts = (await kind.load(db, storeId, [resourceId])).get(resourceId)
    if (texts) return { resourceType: kind.type, texts }
  }
  return null
}
