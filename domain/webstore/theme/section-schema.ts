import { z } from 'zod'
import { lineAndColumn, parseJsonSource } from './json-source.js'
import type { SourceError } from './liquid.js'
import { inputSettings, settingList, settingValueProblem, type SettingDefinition } from './setting-definitions.js'

/** Shopify's own cap on blocks per section, kept so themes move between platforms unchanged. */
export const MAX_BLOCKS_LIMIT = 50

const BLOCK_TYPE = /^(@app|@theme|[a-z0-9_-]+)$/

/**
 * A block a section accepts. A local block has a name (and usually settings). `@app` (app
 * blocks), `@theme` (any theme block of blocks/) and a bare `{"type": "slide"}` (the theme block
 * blocks/slide.liquid) name no block of their own, so they need no name.
 */
const blockDefinition = z
  .strictObject({
    type: z
      .string({ error: 'a block needs a type' })
      .regex(BLOCK_TYPE, 'a block type may contain only lowercase letters, digits, _ and -'),
    name: z.string({ error: 'a block name must be a string' }).min(1, 'a block name must not be empty').optional(),
    settings: settingList.optional(),
    limit: z.int({ error: 'limit must be a whole number' }).min(1, 'limit must be at least 1').optional(),
  })
  .refine((block) => block.name !== undefined || block.settings === undefined, {
    path: ['name'],
    message: 'a block with settings needs a name',
  })

const presetBlock = z.looseObject({
  type: z.string({ error: 'a preset block needs a type' }),
  settings: z.record(z.string(), z.unknown()).optional(),
})

/** Preset blocks: a list, or (theme blocks, which nest) an object of block id → block. */
const presetBlocks = z.union([z.array(presetBlock), z.record(z.string(), presetBlock)], {
  error: 'preset blocks must be a list of blocks or an object of block id → block',
})

const preset = z.looseObject({
  name: z.string({ error: 'a preset needs a name' }).min(1, 'a preset name must not be empty'),
  category: z.string({ error: 'a preset category must be a string' }).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  blocks: presetBlocks.optional(),
  block_order: z.array(z.string(), { error: 'block_order must be a list of block ids' }).optional(),
})

/** The wrapper element: Shopify's section tags, a custom element for theme blocks, or null for none. */
const WRAPPER_TAG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/

/** The `{% schema %}` of a section: its name, settings, blocks, presets and limits. */
export const sectionSchema = z
  .looseObject({
    name: z.string({ error: 'the schema needs a name' }).min(1, 'the schema name must not be empty'),
    tag: z
      .string({ error: 'tag must be an element name or null' })
      .regex(WRAPPER_TAG, 'tag must be an element name such as section, div or product-card')
      .nullable()
      .optional(),
    class: z.string().optional(),
    limit: z.int().min(1).optional(),
    settings: settingList.optional(),
    blocks: z.array(blockDefinition, { error: 'blocks must be a list' }).optional(),
    max_blocks: z
      .int({ error: 'max_blocks must be a whole number' })
      .min(1, 'max_blocks must be at least 1')
      .max(MAX_BLOCKS_LIMIT, `max_blocks must be at most ${MAX_BLOCKS_LIMIT}`)
      .optional(),
    presets: z.array(preset, { error: 'presets must be a list' }).optional(),
    default: z.unknown().optional(),
    enabled_on: z.unknown().optional(),
    disabled_on: z.unknown().optional(),
  })
  .superRefine((schema, ctx) => {
    const types = new Set<string>()
    schema.blocks?.forEach((block, index) => {
      if (types.has(block.type))
        ctx.addIssue({
          code: 'custom',
          path: ['blocks', index, 'type'],
          message: `block type '${block.type}' is declared twice`,
        })
      types.add(block.type)
    })
    // With @theme any theme block may be placed; a nested theme block's own children are checked against its file.
    if (types.has('@theme')) return
    schema.presets?.forEach((p, index) => {
      if (!Array.isArray(p.blocks)) return
      p.blocks.forEach((block, at) => {
        if (!types.has(block.type)) {
          ctx.addIssue({
            code: 'custom',
            path: ['presets', index, 'blocks', at, 'type'],
            message: `preset block type '${block.type}' is not declared in blocks`,
          })
        }
      })
    })
  })

export type SectionSchema = z.output<typeof sectionSchema>
type Preset = NonNullable<SectionSchema['presets']>[number]

/** A preset's top-level blocks in order, whether it lists them or keys them by id (then `block_order` orders them). */
export function presetBlockList(preset: Preset): z.output<typeof presetBlock>[] {
  const { blocks } = preset
  if (!blocks) return []
  if (Array.isArray(blocks)) return blocks
  const order = preset.block_order ?? Object.keys(blocks)
  return order.flatMap((id) => (blocks[id] ? [blocks[id]] : []))
}

const SCHEMA_TAG = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/g

export type SectionSchemaResult =
  { ok: true; schema: SectionSchema | null } | { ok: false; error: SourceError & { path?: (string | number)[] } }

/**
 * Reads the `{% schema %}` of a section file: null when it has none, its validated contents,
 * or where it is wrong. JSON mistakes carry the line and column in the section file; shape
 * mistakes carry the path inside the schema and the line of the schema tag.
 *
 * @example
 * const result = parseSectionSchema(source)
 * if (result.ok && result.schema) result.schema.blocks?.map((b) => b.type)
 */
export function parseSectionSchema(source: string): SectionSchemaResult {
  const matches = [...source.matchAll(SCHEMA_TAG)]
  if (matches.length === 0) return { ok: true, schema: null }
  const first = matches[0]!
  const bodyStart = first.index + first[0].indexOf('%}') + 2
  const tagPosition = lineAndColumn(source, first.index)
  if (matches.length > 1) {
    const second = lineAndColumn(source, matches[1]!.index)
    return { ok: false, error: { message: 'a section may have only one {% schema %}', ...second } }
  }
  const json = parseJsonSource(first[1]!, bodyStart, source)
  if (!json.ok) return json
  const parsed = sectionSchema.safeParse(json.value)
  if (parsed.success) return { ok: true, schema: parsed.data }
  const issue = parsed.error.issues[0]!
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)))
  const where = path.length ? ` at ${path.join('.')}` : ''
  return { ok: false, error: { message: `invalid section schema${where}: ${issue.message}`, ...tagPosition, path } }
}

/**
 * The first theme block a section or block file names bare (`{"type": "slide"}`) that the theme
 * has no `blocks/<type>.liquid` for, or null. Checked when a whole theme arrives at once.
 */
export function missingThemeBlock(
  files: readonly { path: string; content: string }[],
): { path: string; type: string } | null {
  const paths = new Set(files.map((f) => f.path))
  for (const file of files) {
    if (!/^(sections|blocks)\/[^/]+\.liquid$/.test(file.path)) continue
    const parsed = parseSectionSchema(file.content)
    const schema = parsed.ok ? parsed.schema : null
    for (const block of schema?.blocks ?? []) {
      if (block.name !== undefined || block.type.startsWith('@')) continue
      if (!paths.has(`blocks/${block.type}.liquid`)) return { path: file.path, type: block.type }
    }
  }
  return null
}

/** The default values a section's (or block's) settings start with: each setting's `default`, when it has one. */
export function settingDefaults(settings: SectionSchema['settings']): Record<string, unknown> {
  const defaults: Record<string, unknown> = {}
  for (const setting of inputSettings(settings ?? []))
    if (setting.default !== undefined) defaults[setting.id] = setting.default
  return defaults
}

/**
 * Checks setting values against their definitions: the first problem as `{id, message}`, or
 * null. Unknown ids are refused, so a typo does not silently store a value nothing reads.
 */
export function settingValuesProblem(
  definitions: readonly SettingDefinition[],
  values: Record<string, unknown>,
): { id: string; message: string } | null {
  const byId = new Map(definitions.map((d) => [d.id, d]))
  for (const [id, value] of Object.entries(values)) {
    const definition = byId.get(id)
    if (!definition)
      return { id, message: `there is no setting '${id}'; known settings: ${[...byId.keys()].join(', ') || 'none'}` }
    const problem = settingValueProblem(definition, value)
    if (problem) return { id, message: problem }
  }
  return null
}
