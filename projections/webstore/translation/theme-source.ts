import { parseThemeJson } from '../../../domain/webstore/theme/json-source.js'
import { parseSectionSchema, type SectionSchema } from '../../../domain/webstore/theme/section-schema.js'
import { inputSettings, type SettingEntry } from '../../../domain/webstore/theme/setting-definitions.js'
import { parseTemplate } from '../../../domain/webstore/theme/sections-template.js'
import { translatableKind } from './kind.js'

// A theme's translatable text: the strings of its default locale file (locales/<x>.default.json)
// as `locales.<dotted.key>`, and the text settings of the sections and blocks placed in its JSON
// templates and section groups as `<file>.sections.<id>.settings.<setting>` and
// `<file>.sections.<id>.blocks.<block>.settings.<setting>`. Which settings are text comes from
// each section's {% schema %}; colors, pickers and numbers are not translated.

const TEXT_SETTING_TYPES = new Set(['text', 'textarea', 'richtext', 'inline_richtext', 'html'])

type File = { theme_id: string; path: string; content: string }

function textSettingIds(settings: readonly SettingEntry[] | undefined): Set<string> {
  return new Set(
    inputSettings(settings ?? [])
      .filter((setting) => TEXT_SETTING_TYPES.has(setting.type))
      .map((setting) => setting.id),
  )
}

function texts(
  values: Record<string, unknown> | undefined,
  ids: Set<string>,
  prefix: string,
  into: Record<string, string>,
): void {
  for (const [id, value] of Object.entries(values ?? {})) {
    if (ids.has(id) && typeof value === 'string' && value !== '') into[`${prefix}.settings.${id}`] = value
  }
}

function localeStrings(value: unknown, prefix: string, into: Record<string, string>): void {
  if (typeof value === 'string') {
    if (value !== '') into[prefix] = value
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, nested] of Object.entries(value)) localeStrings(nested, `${prefix}.${key}`, into)
  }
}

function themeTexts(files: File[]): Record<string, string> {
  const into: Record<string, string> = {}
  const schemas = new Map<string, SectionSchema>()
  for (const file of files) {
    const type = /^sections\/(.+)\.liquid$/.exec(file.path)?.[1]
    const parsed = type ? parseSectionSchema(file.content) : null
    if (type && parsed?.ok && parsed.schema) schemas.set(type, parsed.schema)
  }
  for (const file of files) {
    if (/^locales\/[^/]+\.default\.json$/.test(file.path)) {
      try {
        localeStrings(parseThemeJson(file.content), 'locales', into)
      } catch {
        // An invalid locale file is refused when written; an old one simply offers no strings.
      }
      continue
    }
    if (!/^(templates\/.+|sections\/[^/]+)\.json$/.test(file.path)) continue
    const template = parseTemplate(file.content)
    for (const [sectionId, section] of Object.entries(template?.sections ?? {})) {
      const schema = schemas.get(section.type)
      if (!schema) continue
      const prefix = `${file.path}.sections.${sectionId}`
      texts(section.settings, textSettingIds(schema.settings), prefix, into)
      for (const [blockId, block] of Object.entries(section.blocks ?? {})) {
        const definition = schema.blocks?.find((candidate) => candidate.type === block.type)
        texts(block.settings, textSettingIds(definition?.settings), `${prefix}.blocks.${blockId}`, into)
      }
    }
  }
  return into
}

/** Themes: locale strings and the text settings of placed sections and blocks. */
export const themes = translatableKind('THEME', 'themes', async (db, storeId, ids) => {
  const found = (await db
    .selectFrom('themes')
    .select('id')
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute()) as { id: string }[]
  if (found.length === 0) return new Map()
  const files = (await db
    .selectFrom('theme_files')
    .select(['theme_id', 'path', 'content'])
    .where('store_id', '=', storeId)
    .where(
      'theme_id',
      'in',
      found.map((theme) => theme.id),
    )
    .where((eb) =>
      eb.or([
        eb('path', 'like', 'locales/%.default.json'),
        eb('path', 'like', 'templates/%.json'),
        eb('path', 'like', 'sections/%'),
      ]),
    )
    .orderBy('path')
    .execute()) as File[]
  return new Map(found.map((theme) => [theme.id, themeTexts(files.filter((file) => file.theme_id === theme.id))]))
})
