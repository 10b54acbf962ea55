import { conflict, DomainError, notFound } from '../../shared/errors.js'
import { reordering, type ListedIds } from '../../shared/ordered-ids.js'
import type {
  ThemeBlockAdd,
  ThemeBlockRemove,
  ThemeBlocksReorder,
  ThemeBlockUpdate,
  ThemeSectionAdd,
  ThemeSectionCommand,
  ThemeSectionRemove,
  ThemeSectionsReorder,
  ThemeSectionUpdate,
} from './sections-commands.js'
import type { ThemeFile } from './files.js'
import type { ThemeSectionEvent } from './sections-events.js'
import { presetBlockList, type SectionSchema } from './section-schema.js'
import {
  checkBlockLimits,
  checkPlacement,
  checkSectionLimits,
  checkSettings,
  mergeSettings,
  requireBlockDefinition,
  requirePreset,
  requireSectionSchema,
  settingsOf,
} from './sections-schema.js'
import {
  emptyGroup,
  groupOf,
  orderedBlockIds,
  readTemplate,
  templateFile,
  templatePath,
  withInserted,
  type BlockInstance,
  type SectionInstance,
  type TemplateJson,
} from './sections-template.js'
import type { LiveTheme, ThemeState } from './theme.js'

/**
 * Pure: edits one JSON template (or section group) of the theme. Every setting is checked
 * against the section's `{% schema %}`; each event carries the rewritten template file.
 * A change that leaves the template as it was records nothing.
 */
export function decideThemeSections(command: ThemeSectionCommand, state: ThemeState): ThemeSectionEvent[] {
  if (state.kind !== 'existing') throw notFound('theme', command.data.themeId)
  const theme = state.theme
  switch (command.type) {
    case 'ThemeSectionAdd':
      return addSection(command, theme)
    case 'ThemeSectionUpdate':
      return updateSection(command, theme)
    case 'ThemeSectionRemove':
      return removeSection(command, theme)
    case 'ThemeSectionsReorder':
      return reorderSections(command, theme)
    case 'ThemeBlockAdd':
      return addBlock(command, theme)
    case 'ThemeBlockUpdate':
      return updateBlock(command, theme)
    case 'ThemeBlockRemove':
      return removeBlock(command, theme)
    case 'ThemeBlocksReorder':
      return reorderBlocks(command, theme)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** The template to edit; a section group that does not exist yet starts empty when a section is added to it. */
function template(theme: LiveTheme, name: string, createGroup = false): TemplateJson {
  const found = readTemplate(theme, name)
  if (found) return found
  const group = groupOf(name)
  if (group && createGroup) return emptyGroup(group)
  throw new DomainError(
    'NOT_FOUND',
    `theme '${theme.themeId}' has no ${group ? 'section group' : 'JSON template'} '${name}' (${templatePath(name)}); ${group ? 'add a section to create it' : 'create it with themeFileUpsert'}`,
    { field: ['input', 'template'] },
  )
}

function section(tpl: TemplateJson, name: string, sectionId: string): SectionInstance {
  const found = tpl.sections[sectionId]
  if (found) return found
  throw new DomainError(
    'NOT_FOUND',
    `template '${name}' has no section '${sectionId}'; its sections are ${tpl.order.join(', ') || 'none'}`,
    { field: ['input', 'sectionId'] },
  )
}

/** The template with one section replaced. */
const withSection = (tpl: TemplateJson, sectionId: string, next: SectionInstance): TemplateJson => ({
  ...tpl,
  sections: { ...tpl.sections, [sectionId]: next },
})

function addSection(command: ThemeSectionAdd, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId, sectionType: type, position, preset } = command.data
  const tpl = template(theme, name, true)
  if (tpl.sections[sectionId])
    throw conflict(`template '${name}' already has a section '${sectionId}'; choose another id`, ['input', 'id'])
  const schema = requireSectionSchema(theme, type, ['input', 'type'])
  checkPlacement(schema, type, name, ['input', 'type'])
  checkSectionLimits(tpl, type, schema, ['input', 'type'])
  checkSettings(settingsOf(schema.settings), command.data.settings, ['input', 'settings'])
  const start = preset ? presetSection(schema, type, preset) : { type }
  const settings = mergeSettings(start.settings ?? {}, command.data.settings).settings
  const order = withInserted(tpl.order, sectionId, position)
  const next: TemplateJson = { ...tpl, sections: { ...tpl.sections, [sectionId]: { ...start, settings } }, order }
  const file = templateFile(name, next)
  return [
    {
      type: 'ThemeSectionAdded',
      data: { themeId, template: name, sectionId, type, settings, position: order.indexOf(sectionId), preset, file },
    },
  ]
}

/**
 * A section as a preset of its schema makes it: the preset's settings and blocks, each checked
 * like an API call's (a preset may predate a schema change). Block ids are `<type>_<n>`.
 */
function presetSection(schema: SectionSchema, type: string, name: string): SectionInstance {
  const field = ['input', 'preset']
  const preset = requirePreset(schema, type, name, field)
  const section: SectionInstance = { type, settings: { ...preset.settings }, blocks: {}, block_order: [] }
  checkSettings(settingsOf(schema.settings), section.settings!, field)
  for (const [index, presetBlock] of presetBlockList(preset).entries()) {
    const definition = requireBlockDefinition(schema, type, presetBlock.type, field)
    checkBlockLimits(section, schema, definition, field)
    const blockSettings = { ...presetBlock.settings }
    checkSettings(settingsOf(definition.settings), blockSettings, field)
    const id = `${presetBlock.type.replace(/[^A-Za-z0-9_]/g, '_')}_${index + 1}`
    section.blocks![id] = { type: presetBlock.type, settings: blockSettings }
    section.block_order!.push(id)
  }
  return section
}

function updateSection(command: ThemeSectionUpdate, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId } = command.data
  const tpl = template(theme, name)
  const current = section(tpl, name, sectionId)
  const schema = requireSectionSchema(theme, current.type, ['input', 'sectionId'])
  checkSettings(settingsOf(schema.settings), command.data.settings, ['input', 'settings'])
  return instanceChanges(current, command.data, (next) => templateFile(name, withSection(tpl, sectionId, next)), {
    settings: (settings, changed, file) => ({
      type: 'ThemeSectionSettingsChanged',
      data: { themeId, template: name, sectionId, settings, changed, file },
    }),
    disabled: (disabled, file) => {
      const data = { themeId, template: name, sectionId, file }
      return disabled ? { type: 'ThemeSectionDisabled', data } : { type: 'ThemeSectionEnabled', data }
    },
  })
}

/**
 * The events of a section's or block's update: its merged settings when any changed, then its
 * disabled flag when it flips; each event carries the template file with the instance as it is
 * after that change, made by `fileWith`.
 */
function instanceChanges<Instance extends SectionInstance | BlockInstance>(
  current: Instance,
  changes: { settings: Record<string, unknown>; disabled: boolean | null },
  fileWith: (next: Instance) => ThemeFile,
  eventOf: {
    settings: (settings: Record<string, unknown>, changed: string[], file: ThemeFile) => ThemeSectionEvent
    disabled: (disabled: boolean, file: ThemeFile) => ThemeSectionEvent
  },
): ThemeSectionEvent[] {
  const { settings, changed } = mergeSettings(current.settings ?? {}, changes.settings)
  const events: ThemeSectionEvent[] = []
  let next = current
  if (changed.length) {
    next = { ...next, settings }
    events.push(eventOf.settings(settings, changed, fileWith(next)))
  }
  const { disabled } = changes
  if (disabled !== null && disabled !== (current.disabled === true)) {
    next = withDisabled(next, disabled)
    events.push(eventOf.disabled(disabled, fileWith(next)))
  }
  return events
}

/** Shopify writes `"disabled": true` on hidden sections and blocks and leaves the key out on shown ones. */
function withDisabled<T extends { disabled?: boolean }>(instance: T, disabled: boolean): T {
  const next = { ...instance }
  if (disabled) next.disabled = true
  else delete next.disabled
  return next
}

function removeSection(command: ThemeSectionRemove, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId } = command.data
  const tpl = template(theme, name)
  const { type } = section(tpl, name, sectionId)
  const sections = { ...tpl.sections }
  delete sections[sectionId]
  const file = templateFile(name, { ...tpl, sections, order: tpl.order.filter((id) => id !== sectionId) })
  return [{ type: 'ThemeSectionRemoved', data: { themeId, template: name, sectionId, type, file } }]
}

/** How a list of section or block ids names what it lists: its ids are `what`, e.g. `a section of template 'index'`. */
function listedIds(field: string, known: readonly string[], what: string): ListedIds {
  return {
    field,
    notInList: (id) => `'${id}' is not ${what}; its ids are ${known.join(', ') || 'none'}`,
    twice: (id) => `'${id}' is listed twice; list each id once`,
  }
}

function reorderSections(command: ThemeSectionsReorder, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionIds } = command.data
  const tpl = template(theme, name)
  const order = reordering(tpl.order, sectionIds, listedIds('sectionIds', tpl.order, `a section of template '${name}'`))
  if (!order) return []
  const file = templateFile(name, { ...tpl, order })
  return [{ type: 'ThemeSectionsReordered', data: { themeId, template: name, order, file } }]
}

function addBlock(command: ThemeBlockAdd, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId, blockId, blockType: type, position } = command.data
  const tpl = template(theme, name)
  const current = section(tpl, name, sectionId)
  if (current.blocks?.[blockId])
    throw conflict(`section '${sectionId}' already has a block '${blockId}'; choose another id`, ['input', 'id'])
  const schema = requireSectionSchema(theme, current.type, ['input', 'sectionId'])
  const definition = requireBlockDefinition(schema, current.type, type, ['input', 'type'], theme)
  checkBlockLimits(current, schema, definition, ['input', 'type'])
  checkSettings(settingsOf(definition.settings), command.data.settings, ['input', 'settings'])
  const settings = mergeSettings({}, command.data.settings).settings
  const blockOrder = withInserted(orderedBlockIds(current), blockId, position)
  const next: SectionInstance = {
    ...current,
    blocks: { ...current.blocks, [blockId]: { type, settings } },
    block_order: blockOrder,
  }
  const file = templateFile(name, withSection(tpl, sectionId, next))
  return [
    {
      type: 'ThemeBlockAdded',
      data: {
        themeId,
        template: name,
        sectionId,
        blockId,
        type,
        settings,
        position: blockOrder.indexOf(blockId),
        file,
      },
    },
  ]
}

function block(current: SectionInstance, sectionId: string, blockId: string) {
  const found = current.blocks?.[blockId]
  if (found) return found
  throw new DomainError(
    'NOT_FOUND',
    `section '${sectionId}' has no block '${blockId}'; its blocks are ${orderedBlockIds(current).join(', ') || 'none'}`,
    {
      field: ['input', 'blockId'],
    },
  )
}

function updateBlock(command: ThemeBlockUpdate, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId, blockId } = command.data
  const tpl = template(theme, name)
  const current = section(tpl, name, sectionId)
  const existing = block(current, sectionId, blockId)
  const schema = requireSectionSchema(theme, current.type, ['input', 'sectionId'])
  const definition = requireBlockDefinition(schema, current.type, existing.type, ['input', 'blockId'], theme)
  checkSettings(settingsOf(definition.settings), command.data.settings, ['input', 'settings'])
  const fileWith = (b: BlockInstance) =>
    templateFile(name, withSection(tpl, sectionId, { ...current, blocks: { ...current.blocks, [blockId]: b } }))
  return instanceChanges(existing, command.data, fileWith, {
    settings: (settings, changed, file) => ({
      type: 'ThemeBlockSettingsChanged',
      data: { themeId, template: name, sectionId, blockId, settings, changed, file },
    }),
    disabled: (disabled, file) => {
      const data = { themeId, template: name, sectionId, blockId, file }
      return disabled ? { type: 'ThemeBlockDisabled', data } : { type: 'ThemeBlockEnabled', data }
    },
  })
}

function removeBlock(command: ThemeBlockRemove, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId, blockId } = command.data
  const tpl = template(theme, name)
  const current = section(tpl, name, sectionId)
  const { type } = block(current, sectionId, blockId)
  const blocks = { ...current.blocks }
  delete blocks[blockId]
  const next: SectionInstance = {
    ...current,
    blocks,
    block_order: orderedBlockIds(current).filter((id) => id !== blockId),
  }
  const file = templateFile(name, withSection(tpl, sectionId, next))
  return [{ type: 'ThemeBlockRemoved', data: { themeId, template: name, sectionId, blockId, type, file } }]
}

function reorderBlocks(command: ThemeBlocksReorder, theme: LiveTheme): ThemeSectionEvent[] {
  const { themeId, template: name, sectionId, blockIds } = command.data
  const tpl = template(theme, name)
  const current = section(tpl, name, sectionId)
  const before = orderedBlockIds(current)
  const blockOrder = reordering(before, blockIds, listedIds('blockIds', before, `a block of section '${sectionId}'`))
  if (!blockOrder) return []
  const file = templateFile(name, withSection(tpl, sectionId, { ...current, block_order: blockOrder }))
  return [{ type: 'ThemeBlocksReordered', data: { themeId, template: name, sectionId, blockOrder, file } }]
}
