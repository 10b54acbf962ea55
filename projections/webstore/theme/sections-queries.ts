import { isUuid } from '../../../domain/shared/ids.js'
import { parseSectionSchema, type SectionSchema } from '../../../domain/webstore/theme/section-schema.js'
import { sectionRenderData, type SectionRenderData } from '../../../domain/webstore/theme/sections-render.js'
import {
  orderedBlockIds,
  parseTemplate,
  templateNameOf,
  templatePath,
  type TemplateJson,
} from '../../../domain/webstore/theme/sections-template.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { ThemeDb } from './tables.js'

/** A block of a section instance as stored: settings are the stored values only (renderData has the defaults merged). */
export interface TemplateBlockView {
  id: string
  type: string
  disabled: boolean
  settings: Record<string, unknown>
}

export interface TemplateSectionView {
  id: string
  type: string
  disabled: boolean
  settings: Record<string, unknown>
  blocks: TemplateBlockView[]
  /** What the renderer binds to `section` in Liquid. */
  renderData: SectionRenderData
}

/** A JSON template or section group, its sections in order. */
export interface TemplateView {
  name: string
  path: string
  sections: TemplateSectionView[]
}

/** One JSON template ('index') or section group ('group:header') of a theme, or null when the theme has none by that name. */
export async function templateView(
  db: AnyDb,
  storeId: string,
  themeId: string,
  name: string,
): Promise<TemplateView | null> {
  if (!isUuid(themeId)) return null
  const path = templatePath(name)
  const row = await (db as ThemeDb)
    .selectFrom('theme_files')
    .select('content')
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .where('path', '=', path)
    .executeTakeFirst()
  const template = row ? parseTemplate(row.content) : null
  if (!template) return null
  const [view] = await views(db, storeId, themeId, [{ name, path, template }])
  return view!
}

/** Every section group of a theme (sections/<group>-group.json), by name. */
export async function sectionGroupViews(db: AnyDb, storeId: string, themeId: string): Promise<TemplateView[]> {
  const rows = await (db as ThemeDb)
    .selectFrom('theme_files')
    .select(['path', 'content'])
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .where('path', 'like', 'sections/%-group.json')
    .orderBy('path')
    .execute()
  const groups = rows.flatMap((row) => {
    const name = templateNameOf(row.path)
    const template = parseTemplate(row.content)
    return name && template ? [{ name, path: row.path, template }] : []
  })
  return views(db, storeId, themeId, groups)
}

/** Builds the views, reading each section type's schema once. */
async function views(
  db: AnyDb,
  storeId: string,
  themeId: string,
  templates: { name: string; path: string; template: TemplateJson }[],
): Promise<TemplateView[]> {
  const types = [...new Set(templates.flatMap(({ template }) => Object.values(template.sections).map((s) => s.type)))]
  const schemas = await sectionSchemas(db, storeId, themeId, types)
  return templates.map(({ name, path, template }) => {
    const ids = [
      ...template.order.filter((id) => id in template.sections),
      ...Object.keys(template.sections).filter((id) => !template.order.includes(id)),
    ]
    const sections = ids.map((id, index): TemplateSectionView => {
      const section = template.sections[id]!
      return {
        id,
        type: section.type,
        disabled: section.disabled === true,
        settings: section.settings ?? {},
        blocks: orderedBlockIds(section).map((blockId) => {
          const block = section.blocks![blockId]!
          return { id: blockId, type: block.type, disabled: block.disabled === true, settings: block.settings ?? {} }
        }),
        renderData: sectionRenderData(id, section, schemas.get(section.type) ?? null, index + 1),
      }
    })
    return { name, path, sections }
  })
}

async function sectionSchemas(
  db: AnyDb,
  storeId: string,
  themeId: string,
  types: readonly string[],
): Promise<Map<string, SectionSchema | null>> {
  if (types.length === 0) return new Map()
  const rows = await (db as ThemeDb)
    .selectFrom('theme_files')
    .select(['path', 'content'])
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .where(
      'path',
      'in',
      types.map((type) => `sections/${type}.liquid`),
    )
    .execute()
  return new Map(
    rows.map((row) => {
      const parsed = parseSectionSchema(row.content)
      return [row.path.slice('sections/'.length, -'.liquid'.length), parsed.ok ? parsed.schema : null]
    }),
  )
}
