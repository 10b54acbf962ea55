import type { ContentField, FieldValue } from '../../../../domain/webstore/content/fields.js'
import { findContentTypeView } from '../../../../app/webstore/content/reads.js'
import type { ContentEntryView } from '../../../../app/webstore/content/view.js'
import { type RequestContext } from '../../shared/context.js'
import { localeArgument, localizedValues } from './localized.js'

// `ContentEntry.fields(locale)`: the values of TEXT and RICH_TEXT fields under the keys
// projections/webstore/translation/content-source.ts registers (`fields.<key>`, and
// `fields.<key>.<index>` for list fields) are replaced by their translation; other values stay.

const TEXT_TYPES = new Set<ContentField['type']>(['TEXT', 'RICH_TEXT'])

/** Per request: type id → its text field keys. Entries of a list share few types, so this is one query per type, not per entry. */
const textKeysByRequest = new WeakMap<object, Map<string, Promise<Set<string>>>>()

function textFieldKeys(ctx: RequestContext, typeId: string): Promise<Set<string>> {
  let cache = textKeysByRequest.get(ctx)
  if (!cache) {
    cache = new Map()
    textKeysByRequest.set(ctx, cache)
  }
  let keys = cache.get(typeId)
  if (!keys) {
    keys = findContentTypeView(ctx, typeId).then(
      (type) => new Set((type?.fields ?? []).filter((field) => TEXT_TYPES.has(field.type)).map((field) => field.key)),
    )
    cache.set(typeId, keys)
  }
  return keys
}

function translated(
  values: Record<string, FieldValue>,
  textKeys: Set<string>,
  translations: Record<string, string>,
): Record<string, FieldValue> {
  const result: Record<string, FieldValue> = { ...values }
  for (const [key, value] of Object.entries(values)) {
    if (!textKeys.has(key)) continue
    if (typeof value === 'string') result[key] = translations[`fields.${key}`] ?? value
    if (Array.isArray(value))
      result[key] = value.map((item, index) =>
        typeof item === 'string' ? (translations[`fields.${key}.${index}`] ?? item) : item,
      )
  }
  return result
}

/** Resolver of `ContentEntry.fields(locale)`: the entry's values with its text translated, or as stored without a locale. */
export async function localizedContentFields(
  entry: ContentEntryView,
  args: { locale?: string | null },
  ctx: RequestContext,
): Promise<Record<string, FieldValue>> {
  const locale = localeArgument(args.locale)
  if (locale === null) return entry.fields
  const translations = await localizedValues(ctx, locale, entry.id)
  // Most entries have no translation in most locales: then the type is not even read.
  if (!Object.keys(translations).some((key) => key.startsWith('fields.'))) return entry.fields
  return translated(entry.fields, await textFieldKeys(ctx, entry.typeId), translations)
}
