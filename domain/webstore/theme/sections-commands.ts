import { z } from 'zod'
import { INT4_MAX, jsonObject } from '../../shared/input-types.js'
import { MAX_BLOCKS_LIMIT } from './section-schema.js'
import { MAX_SECTIONS_PER_TEMPLATE, templateName } from './sections-template.js'
import { strictInput } from '../../shared/strict-input.js'

const INSTANCE_ID = /^[A-Za-z0-9_-]{1,64}$/

const required = (field: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} must be ${what}`

const themeId = z
  .uuid({ error: required('themeId', 'a theme id (a UUID)') })
  .overwrite((id) => id.toLowerCase())
  .describe('The theme id (a UUID).')

const instanceId = (field: string, what: string) =>
  z
    .string({ error: required(field, 'a string') })
    .regex(INSTANCE_ID, `${field} may hold only letters, digits, _ and - (at most 64)`)
    .describe(what)

const sectionType = (field: string, what: string) =>
  z
    .string({ error: required(field, 'a string') })
    .trim()
    .min(1, `${field} must not be empty`)
    .describe(what)

const settings = (what: string) => jsonObject('settings must be an object of setting id → value').describe(what)

const position = z
  .int({ error: 'position must be a whole number' })
  .min(0, 'position must be 0 or more')
  .max(INT4_MAX, `position must be at most ${INT4_MAX}`)
  .nullish()
  .describe('Where to insert, counting from 0 (0 puts it first); the end when omitted or beyond it.')

const idList = (field: string, max: number, what: string) =>
  z
    .array(z.string({ error: `each of ${field} must be a string` }), { error: required(field, 'a list of ids') })
    .min(1, `${field} must name at least one id`)
    .max(max, `${field} may name at most ${max} ids`)
    .describe(what)

const common = { themeId, template: templateName }
const sectionId = instanceId(
  'sectionId',
  'The section instance id within the template (Theme.template(name).sections.id).',
)

export const themeSectionAddInput = strictInput('themeSectionAdd', {
  ...common,
  type: sectionType(
    'type',
    "The section type: a file of the theme's sections/ folder without .liquid, e.g. 'rich-text'.",
  ),
  settings: settings(
    "Setting id → value, checked against the section's {% schema %}; settings left out use their defaults.",
  ).nullish(),
  position,
  id: instanceId('id', 'The new section id in the template; generated from the type when omitted.').nullish(),
  preset: z
    .string({ error: "preset must be the name of one of the section's presets" })
    .nullish()
    .describe(
      "Start from this preset of the section's {% schema %} (its settings and blocks); settings given override the preset's.",
    ),
})
const disabled = (what: string) =>
  z
    .boolean({ error: 'disabled must be true or false' })
    .nullish()
    .describe(`true hides the ${what} (kept, not rendered); false shows it again.`)

export const themeSectionUpdateInput = strictInput('themeSectionUpdate', {
  ...common,
  sectionId,
  settings: settings(
    "Setting id → new value, checked against the section's {% schema %}; null resets one to its default; ids left out stay.",
  ).nullish(),
  disabled: disabled('section'),
}).refine((input) => input.settings != null || input.disabled != null, {
  message: 'themeSectionUpdate needs settings or disabled',
  path: ['settings'],
})
export const themeSectionRemoveInput = strictInput('themeSectionRemove', { ...common, sectionId })
export const themeSectionsReorderInput = strictInput('themeSectionsReorder', {
  ...common,
  sectionIds: idList(
    'sectionIds',
    MAX_SECTIONS_PER_TEMPLATE,
    'Section ids in their new order; sections not listed keep their order after them.',
  ),
})

const blockId = instanceId('blockId', 'The block id within the section (Theme.template(name).sections.blocks.id).')

export const themeBlockAddInput = strictInput('themeBlockAdd', {
  ...common,
  sectionId,
  type: sectionType('type', "The block type, one the section's {% schema %} declares in blocks, e.g. 'heading'."),
  settings: settings(
    "Setting id → value, checked against the block's settings in the section's {% schema %}; left out ones use their defaults.",
  ).nullish(),
  position,
  id: instanceId('id', 'The new block id in the section; generated from the type when omitted.').nullish(),
})
export const themeBlockUpdateInput = strictInput('themeBlockUpdate', {
  ...common,
  sectionId,
  blockId,
  settings: settings(
    "Setting id → new value, checked against the block's settings in the section's {% schema %}; null resets one; ids left out stay.",
  ).nullish(),
  disabled: disabled('block'),
}).refine((input) => input.settings != null || input.disabled != null, {
  message: 'themeBlockUpdate needs settings or disabled',
  path: ['settings'],
})
export const themeBlockRemoveInput = strictInput('themeBlockRemove', { ...common, sectionId, blockId })
export const themeBlocksReorderInput = strictInput('themeBlocksReorder', {
  ...common,
  sectionId,
  blockIds: idList(
    'blockIds',
    MAX_BLOCKS_LIMIT,
    'Block ids in their new order; blocks not listed keep their order after them.',
  ),
})

type OnTemplate = { themeId: string; template: string }

/** `sectionId` is chosen by `prepare` (the input's id, or one made from the type). */
export type ThemeSectionAdd = {
  type: 'ThemeSectionAdd'
  data: OnTemplate & {
    sectionId: string
    sectionType: string
    settings: Record<string, unknown>
    position: number | null
    preset: string | null
  }
}
/** `disabled` null leaves the section shown or hidden as it is. */
export type ThemeSectionUpdate = {
  type: 'ThemeSectionUpdate'
  data: OnTemplate & { sectionId: string; settings: Record<string, unknown>; disabled: boolean | null }
}
export type ThemeSectionRemove = { type: 'ThemeSectionRemove'; data: OnTemplate & { sectionId: string } }
export type ThemeSectionsReorder = { type: 'ThemeSectionsReorder'; data: OnTemplate & { sectionIds: string[] } }
export type ThemeBlockAdd = {
  type: 'ThemeBlockAdd'
  data: OnTemplate & {
    sectionId: string
    blockId: string
    blockType: string
    settings: Record<string, unknown>
    position: number | null
  }
}
export type ThemeBlockUpdate = {
  type: 'ThemeBlockUpdate'
  data: OnTemplate & { sectionId: string; blockId: string; settings: Record<string, unknown>; disabled: boolean | null }
}
export type ThemeBlockRemove = { type: 'ThemeBlockRemove'; data: OnTemplate & { sectionId: string; blockId: string } }
export type ThemeBlocksReorder = {
  type: 'ThemeBlocksReorder'
  data: OnTemplate & { sectionId: string; blockIds: string[] }
}

export type ThemeSectionCommand =
  | ThemeSectionAdd
  | ThemeSectionUpdate
  | ThemeSectionRemove
  | ThemeSectionsReorder
  | ThemeBlockAdd
  | ThemeBlockUpdate
  | ThemeBlockRemove
  | ThemeBlocksReorder
