import { badInput } from '../../shared/errors.js'
import { MAX_BLOCKS_LIMIT, parseSectionSchema, settingValuesProblem, type SectionSchema } from './section-schema.js'
import { inputSettings, type SettingDefinition } from './setting-definitions.js'
import type { SectionInstance, TemplateJson } from './sections-template.js'
import { groupOf, MAX_SECTIONS_PER_TEMPLATE, orderedBlockIds } from './sections-template.js'
import type { LiveTheme } from './theme.js'

type Field = readonly (string | number)[]
export type BlockDefinition = NonNullable<SectionSchema['blocks']>[number]

/** The section types a theme offers: its sections/*.liquid files, by name. */
export function sectionTypes(theme: LiveTheme): string[] {
  return Object.keys(theme.files)
    .filter((path) => /^sections\/[^/]+\.liquid$/.test(path))
    .map((path) => path.slice('sections/'.length, -'.liquid'.length))
    .sort()
}

/**
 * The `{% schema %}` of a section type; a section without one takes no settings and no blocks.
 * Null when the theme has no such section file. Files are validated on write, so a schema that
 * does not parse counts as none.
 */
export function sectionSchemaOf(theme: LiveTheme, type: string): SectionSchema | null {
  const file = theme.files[`sections/${type}.liquid`]
  if (!file) return null
  const parsed = parseSectionSchema(file.content)
  return parsed.ok && parsed.schema ? parsed.schema : { name: type }
}

/** The schema of a section type, or BAD_USER_INPUT at `field` listing the types the theme has. */
export function requireSectionSchema(theme: LiveTheme, type: string, field: Field): SectionSchema {
  const schema = sectionSchemaOf(theme, type)
  if (schema) return schema
  const known = sectionTypes(theme)
  throw badInput(
    field,
    `the theme has no section type '${type}' (no sections/${type}.liquid); its section types are ${known.join(', ') || 'none'}`,
  )
}

/** The input settings of a schema's settings list. */
export function settingsOf(list: SectionSchema['settings']): SettingDefinition[] {
  return inputSettings(list ?? [])
}

/**
 * Checks setting values against their definitions: unknown ids and values of the wrong type are
 * BAD_USER_INPUT at `<field>.<id>`. Nulls are skipped: they reset a setting to its default.
 */
export function checkSettings(
  definitions: readonly SettingDefinition[],
  values: Record<string, unknown>,
  field: Field,
): void {
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null))
  const problem = settingValuesProblem(definitions, given)
  if (problem) throw badInput([...field, problem.id], problem.message)
}

/**
 * Applies a settings change to stored values: a value replaces, null removes (back to the
 * default). Answers the new values and the ids whose stored value changed.
 */
export function mergeSettings(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): { settings: Record<string, unknown>; changed: string[] } {
  const settings = { ...current }
  const changed: string[] = []
  for (const [id, value] of Object.entries(changes)) {
    if (value === null) {
      if (id in settings) {
        delete settings[id]
        changed.push(id)
      }
    } else if (JSON.stringify(settings[id]) !== JSON.stringify(value)) {
      settings[id] = value
      changed.push(id)
    }
  }
  return { settings, changed }
}

/** A template may hold at most 25 sections, and at most `limit` of a type whose schema sets one. */
export function checkSectionLimits(template: TemplateJson, type: string, schema: SectionSchema, field: Field): void {
  const count = Object.keys(template.sections).length
  if (count >= MAX_SECTIONS_PER_TEMPLATE) {
    throw badInput(
      field,
      `a template may hold at most ${MAX_SECTIONS_PER_TEMPLATE} sections and this one has ${count}; remove one first`,
    )
  }
  const sameType = Object.values(template.sections).filter((s) => s.type === type).length
  if (schema.limit !== undefined && sameType >= schema.limit) {
    throw badInput(
      field,
      `section type '${type}' may appear at most ${schema.limit} time(s) in a template; it already appears ${sameType}`,
    )
  }
}

/** The declared block of a type, or BAD_USER_INPUT at `field` listing the block types the section takes. */
export function requireBlockDefinition(
  schema: SectionSchema,
  sectionType: string,
  type: string,
  field: Field,
  theme?: LiveTheme,
): BlockDefinition {
  const definition = blockDefinitionOf(schema, type, theme)
  if (definition) return definition
  const known = (schema.blocks ?? []).map((b) => b.type)
  throw badInput(
    field,
    known.length
      ? `section type '${sectionType}' has no block type '${type}'; its block types are ${known.join(', ')}`
      : `section type '${sectionType}' takes no blocks`,
  )
}

/**
 * What a block type of a section is: a local block the schema declares, or a theme block
 * (`blocks/<type>.liquid`, with that file's settings) that the schema names bare (`{"type":
 * "slide"}`) or admits through `@theme`. Null when the section takes no such block.
 */
export function blockDefinitionOf(schema: SectionSchema, type: string, theme?: LiveTheme): BlockDefinition | null {
  const declared = schema.blocks?.find((b) => b.type === type)
  if (declared && (declared.name !== undefined || !theme)) return declared
  if (!theme || type.startsWith('@') || (!declared && !schema.blocks?.some((b) => b.type === '@theme'))) return null
  const file = theme.files[`blocks/${type}.liquid`]
  if (!file) return declared ?? null
  const parsed = parseSectionSchema(file.content)
  const own = parsed.ok && parsed.schema ? parsed.schema : { name: type }
  return { type, name: own.name, settings: own.settings, limit: declared?.limit }
}

/** The most blocks a section of this schema may hold: its `max_blocks`, never above 50. */
export function maxBlocks(schema: SectionSchema): number {
  return Math.min(schema.max_blocks ?? MAX_BLOCKS_LIMIT, MAX_BLOCKS_LIMIT)
}

/** Room for one more block of `definition`: under the section's max_blocks and the block type's `limit`. */
export function checkBlockLimits(
  section: SectionInstance,
  schema: SectionSchema,
  definition: BlockDefinition,
  field: Field,
): void {
  const ids = orderedBlockIds(section)
  const max = maxBlocks(schema)
  if (ids.length >= max)
    throw badInput(
      field,
      `section type '${section.type}' holds at most ${max} blocks and this section has ${ids.length}; remove one first`,
    )
  const sameType = ids.filter((id) => section.blocks![id]!.type === definition.type).length
  if (definition.limit !== undefined && sameType >= definition.limit) {
    throw badInput(
      field,
      `a '${section.type}' section may hold at most ${definition.limit} '${definition.type}' block(s); it has ${sameType}`,
    )
  }
}

type Preset = NonNullable<SectionSchema['presets']>[number]

/** The preset of a section type by name, or BAD_USER_INPUT at `field` listing its presets. */
export function requirePreset(schema: SectionSchema, type: string, name: string, field: Field): Preset {
  const preset = schema.presets?.find((p) => p.name === name)
  if (preset) return preset
  const known = (schema.presets ?? []).map((p) => `'${p.name}'`)
  throw badInput(
    field,
    known.length
      ? `section type '${type}' has no preset '${name}'; its presets are ${known.join(', ')}`
      : `section type '${type}' has no presets`,
  )
}

/** Where a place named by `enabled_on`/`disabled_on` lists: `templates` by page type ('product' for 'product.alternate'), or `groups`. */
function placeList(rule: unknown, template: string): { list: string[] | null; place: string } {
  const group = groupOf(template)
  const kind = group ? 'groups' : 'templates'
  const place = group ?? template.split('.')[0]!
  const list =
    typeof rule === 'object' && rule !== null && Array.isArray((rule as Record<string, unknown>)[kind])
      ? ((rule as Record<string, unknown[]>)[kind]!.filter((x) => typeof x === 'string') as string[])
      : null
  return { list, place }
}

/**
 * A section may be placed where its schema's `enabled_on` allows it (when present) and not where
 * `disabled_on` forbids it, as on Shopify: `{"templates": ["index", "page"], "groups": ["header"]}`,
 * with `"*"` for all. An `enabled_on` without `groups` keeps the section out of section groups.
 */
export function checkPlacement(schema: SectionSchema, type: string, template: string, field: Field): void {
  const where = groupOf(template) ? `section group '${template}'` : `template '${template}'`
  if (schema.enabled_on !== undefined) {
    const { list, place } = placeList(schema.enabled_on, template)
    if (!list || !(list.includes('*') || list.includes(place))) {
      throw badInput(
        field,
        `section type '${type}' is not enabled on ${where}: its schema's enabled_on allows ${JSON.stringify(schema.enabled_on)}`,
      )
    }
  }
  if (schema.disabled_on !== undefined) {
    const { list, place } = placeList(schema.disabled_on, template)
    if (list && (list.includes('*') || list.includes(place)))
      throw badInput(field, `section type '${type}' is disabled on ${where} by its schema's disabled_on`)
  }
}
