import { z } from 'zod'
import { isUuid } from '../../shared/ids.js'

/** Input setting types a section, block or the theme's settings_schema.json may declare. */
export const SETTING_TYPES = [
  'text',
  'textarea',
  'checkbox',
  'number',
  'range',
  'select',
  'radio',
  'color',
  'image_picker',
  'url',
  'richtext',
  'inline_richtext',
  'html',
  'video_url',
  'video',
  'font_picker',
  'text_alignment',
  'color_background',
  'color_scheme',
  'color_scheme_group',
  'color_palette',
  'liquid',
  'product',
  'product_list',
  'collection',
  'collection_list',
  'page',
  'blog',
  'article',
  'link_list',
  'metaobject',
  'metaobject_list',
] as const
export type SettingType = (typeof SETTING_TYPES)[number]

/** Sidebar-only entries: they have no id and hold no value. */
export const INFO_SETTING_TYPES = ['header', 'paragraph'] as const

/** Shopify's cap on a `metaobject_list`, `product_list` or `collection_list`, kept so themes move between platforms unchanged. */
export const MAX_LIST_ENTRIES = 50

/** Values a `text_alignment` setting takes. */
export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const

/** Shopify's themes use hyphens too (`padding-block-start`). */
const SETTING_ID = /^[A-Za-z0-9_-]+$/

const option = z.strictObject({
  value: z.string({ error: 'an option value must be a string' }),
  label: z.string({ error: 'an option label must be a string' }),
})

const inputSetting = z
  .looseObject({
    type: z.enum(SETTING_TYPES, {
      error: `setting type must be one of ${[...SETTING_TYPES, ...INFO_SETTING_TYPES].join(', ')}`,
    }),
    id: z
      .string({ error: 'a setting needs an id' })
      .regex(SETTING_ID, 'a setting id may contain only letters, digits, _ and -'),
    label: z
      .string({ error: 'a setting label must be a string' })
      .min(1, 'a setting label must not be empty')
      .optional(),
    default: z.unknown().optional(),
    info: z.string().optional(),
    placeholder: z.string().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive('step must be positive').optional(),
    unit: z.string().optional(),
    options: z.array(option, { error: 'options must be a list of {value, label}' }).optional(),
    /** `metaobject` / `metaobject_list`: the handle of the content type the entries must have. */
    metaobject_type: z
      .string({ error: 'metaobject_type must be a content type handle' })
      .min(1, 'metaobject_type must not be empty')
      .optional(),
    /** `color_scheme_group`: the settings each color scheme holds. */
    definition: z.array(z.unknown(), { error: 'definition must be a list of settings' }).optional(),
    /** `color_scheme_group`: which scheme settings play which part (background, text, …) in the editor's previews. */
    role: z.record(z.string(), z.unknown(), { error: 'role must be an object' }).optional(),
    /** `metaobject_list`, `product_list`, `collection_list`: at most this many entries. */
    limit: z
      .int({ error: 'limit must be a whole number' })
      .min(1, 'limit must be at least 1')
      .max(MAX_LIST_ENTRIES, `limit must be at most ${MAX_LIST_ENTRIES}`)
      .optional(),
  })
  .superRefine((setting, ctx) => {
    // A color scheme group or palette is the editor's whole color table; it has no label of its own.
    if (setting.label === undefined && setting.type !== 'color_scheme_group' && setting.type !== 'color_palette')
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'a setting needs a label' })
    if (setting.type === 'color_scheme_group') {
      const definition = settingList.safeParse(setting.definition)
      if (!definition.success) {
        const issue = definition.error.issues[0]!
        ctx.addIssue({
          code: 'custom',
          path: ['definition', ...issue.path],
          message:
            setting.definition === undefined ? 'a color_scheme_group needs a definition (its settings)' : issue.message,
        })
      }
    }
    if ((setting.type === 'select' || setting.type === 'radio') && !setting.options?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `a ${setting.type} setting needs options [{value, label}]`,
      })
    }
    if (setting.type === 'range') {
      if (setting.min === undefined || setting.max === undefined)
        ctx.addIssue({ code: 'custom', path: ['min'], message: 'a range setting needs min and max' })
      else if (setting.min >= setting.max)
        ctx.addIssue({ code: 'custom', path: ['max'], message: 'a range setting needs min below max' })
    }
    if (setting.default !== undefined) {
      const problem = settingValueProblem(setting as SettingDefinition, setting.default)
      if (problem) ctx.addIssue({ code: 'custom', path: ['default'], message: `default: ${problem}` })
    }
  })

const infoSetting = z.looseObject({
  type: z.enum(INFO_SETTING_TYPES),
  content: z.string({ error: `a header or paragraph needs content` }),
})

/** One entry of a `settings` list: an input setting, or a header/paragraph shown in the editor. */
export const settingDefinition = z.union([infoSetting, inputSetting], {
  error: `setting type must be one of ${[...SETTING_TYPES, ...INFO_SETTING_TYPES].join(', ')}`,
})

/** A list of settings whose ids are unique. */
export const settingList = z.array(settingDefinition, { error: 'settings must be a list' }).superRefine((list, ctx) => {
  const seen = new Set<string>()
  list.forEach((setting, index) => {
    const id = 'id' in setting && typeof setting.id === 'string' ? setting.id : null
    if (id === null) return
    if (seen.has(id))
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `setting id '${id}' is declared twice` })
    seen.add(id)
  })
})

/** An input setting as declared; `default` and the type-specific keys are optional. */
export type SettingDefinition = z.output<typeof inputSetting>
export type SettingEntry = z.output<typeof settingDefinition>

/** The input settings of a list, without headers and paragraphs. */
export function inputSettings(list: readonly SettingEntry[]): SettingDefinition[] {
  return list.filter((setting): setting is SettingDefinition => 'id' in setting && typeof setting.id === 'string')
}

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i
/** A color drawn from another setting (`{{ settings.color_palette.background }}`), as Shopify's themes default to. */
const LIQUID_OUTPUT = /^\{\{[^{}]+\}\}$/

/**
 * What is wrong with a value for a setting, or null when it fits. Empty values are allowed for
 * text-like settings (a cleared field); resource pickers hold a handle, image pickers a media
 * reference or URL, `metaobject` a content entry id and `metaobject_list` a list of them.
 */
export function settingValueProblem(setting: SettingDefinition, value: unknown): string | null {
  switch (setting.type) {
    case 'checkbox':
      return typeof value === 'boolean' ? null : `'${setting.id}' is a checkbox: send true or false`
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `'${setting.id}' must be a number`
    case 'range': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `'${setting.id}' must be a number from ${setting.min} to ${setting.max}`
      if (value < setting.min! || value > setting.max!)
        return `'${setting.id}' must be from ${setting.min} to ${setting.max}, not ${value}`
      const step = setting.step ?? 1
      const steps = (value - setting.min!) / step
      return Math.abs(steps - Math.round(steps)) < 1e-9
        ? null
        : `'${setting.id}' must be ${setting.min} plus a multiple of ${step}`
    }
    case 'select':
    case 'radio': {
      const values = (setting.options ?? []).map((o) => o.value)
      return typeof value === 'string' && values.includes(value)
        ? null
        : `'${setting.id}' must be one of ${values.join(', ')}`
    }
    case 'color':
      return typeof value === 'string' && (value === '' || COLOR.test(value) || LIQUID_OUTPUT.test(value))
        ? null
        : `'${setting.id}' must be a hex color such as #1a2b3c`
    case 'url':
      return typeof value === 'string' && (value === '' || /^(\/|https?:\/\/|mailto:|tel:)/.test(value))
        ? null
        : `'${setting.id}' must be a URL (https://…, a path starting with /, mailto: or tel:)`
    case 'metaobject':
      return typeof value === 'string' && (value === '' || isUuid(value))
        ? null
        : `'${setting.id}' must be the id of a content entry`
    case 'metaobject_list': {
      if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && isUuid(id)))
        return `'${setting.id}' must be a list of content entry ids`
      return listProblem(
        setting,
        value.map((id: string) => id.toLowerCase()),
        ['content entry', 'content entries'],
      )
    }
    case 'product_list':
    case 'collection_list': {
      const kind = setting.type === 'product_list' ? 'product' : 'collection'
      if (!Array.isArray(value) || !value.every((handle) => typeof handle === 'string'))
        return `'${setting.id}' must be a list of ${kind} handles`
      return listProblem(setting, value as string[], [kind, `${kind}s`])
    }
    case 'text_alignment':
      return typeof value === 'string' && (TEXT_ALIGNMENTS as readonly string[]).includes(value)
        ? null
        : `'${setting.id}' must be one of ${TEXT_ALIGNMENTS.join(', ')}`
    case 'color_scheme_group':
      return colorSchemesProblem(setting, value)
    case 'color_palette':
      return typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((color) => typeof color === 'string' && COLOR.test(color))
        ? null
        : `'${setting.id}' must be an object of color name → hex color, e.g. {"background": "#ffffff"}`
    default:
      return typeof value === 'string' ? null : `'${setting.id}' must be a string`
  }
}

/** A list setting's values: at most its limit (50 at most), each once. */
function listProblem(
  setting: SettingDefinition,
  values: readonly string[],
  [one, many]: [string, string],
): string | null {
  const limit = setting.limit ?? MAX_LIST_ENTRIES
  if (values.length > limit) return `'${setting.id}' holds at most ${limit} ${many}, not ${values.length}`
  return new Set(values).size === values.length ? null : `'${setting.id}' names a ${one} twice; list each once`
}

/**
 * A `color_scheme_group` value: scheme id → `{settings}`, each scheme's settings checked
 * against the group's `definition`, as the theme editor writes them into settings_data.json.
 */
function colorSchemesProblem(setting: SettingDefinition, value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `'${setting.id}' must be an object of color scheme id → {settings}`
  const definitions = inputSettings(settingList.safeParse(setting.definition).data ?? [])
  const byId = new Map(definitions.map((d) => [d.id, d]))
  for (const [scheme, entry] of Object.entries(value)) {
    const settings = (entry as { settings?: unknown } | null)?.settings
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
      return `'${setting.id}': color scheme '${scheme}' must be {"settings": {…}}`
    for (const [id, schemeValue] of Object.entries(settings)) {
      const definition = byId.get(id)
      if (!definition)
        return `'${setting.id}': color scheme '${scheme}' has '${id}', which the definition does not declare`
      const problem = settingValueProblem(definition, schemeValue)
      if (problem) return `'${setting.id}': color scheme '${scheme}': ${problem}`
    }
  }
  return null
}
