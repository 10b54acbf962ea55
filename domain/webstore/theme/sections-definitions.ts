import { defineCommand, type AnyCommandDefinition, type PrepareEnv } from '../../shared/command.js'
import { fold, type Decider } from '../../shared/event.js'
import { themeDecider } from './definitions.js'
import type { ThemeEvent } from './events.js'
import type { SettingDefinition } from './setting-definitions.js'
import {
  themeBlockAddInput,
  themeBlockRemoveInput,
  themeBlocksReorderInput,
  themeBlockUpdateInput,
  themeSectionAddInput,
  themeSectionRemoveInput,
  themeSectionsReorderInput,
  themeSectionUpdateInput,
  type ThemeSectionCommand,
} from './sections-commands.js'
import { decideThemeSections } from './sections-decide.js'
import { checkReferences } from './sections-references.js'
import { sectionSchemaOf, settingsOf } from './sections-schema.js'
import { readTemplate } from './sections-template.js'
import { THEME_CATEGORY, themeStream } from './streams.js'
import { evolveTheme, initialThemeState, type LiveTheme, type ThemeState } from './theme.js'
import { storeOf } from '../../shared/store-of.js'

/** A second decider over the theme stream: the same state, commands that edit JSON templates and section groups. */
export const themeSectionsDecider: Decider<ThemeState, ThemeSectionCommand, ThemeEvent> = {
  initialState: initialThemeState,
  evolve: evolveTheme,
  decide: decideThemeSections,
}

const WRITE = {
  resource: THEME_CATEGORY,
  scope: 'webstore:write',
  transports: ['graphql', 'mcp', 'cli'],
  storeScoped: true,
} as const

const WHERE =
  "template names a JSON template ('index', 'product', 'page.contact' → templates/<name>.json) or a section group " +
  "('group:header' → sections/header-group.json). "

/** An id for a new section or block: its type and 8 random hex digits, as Shopify's editor makes them (e.g. rich_text_3fa9c1e2). */
export function instanceIdFor(type: string, env: PrepareEnv): string {
  return `${type.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50)}_${env.newId().replace(/-/g, '').slice(-8)}`
}

async function liveTheme(env: PrepareEnv, storeId: string, themeId: string): Promise<LiveTheme | null> {
  const state = fold(themeDecider, (await env.readStream(themeStream(storeId, themeId))) as unknown as ThemeEvent[])
  return state.kind === 'existing' ? state.theme : null
}

/**
 * The settings a command's values are checked against, found as `decide` will find them; none
 * when something is missing, which `decide` then reports.
 */
function definitionsFor(
  theme: LiveTheme,
  template: string,
  sectionType: string | null,
  sectionId: string | null,
  blockType: string | null,
  blockId: string | null,
): SettingDefinition[] {
  const type = sectionType ?? (sectionId ? readTemplate(theme, template)?.sections[sectionId]?.type : undefined)
  const schema = type ? sectionSchemaOf(theme, type) : null
  if (!schema) return []
  if (!blockType && !blockId) return settingsOf(schema.settings)
  const kind =
    blockType ??
    (sectionId && blockId ? readTemplate(theme, template)?.sections[sectionId]?.blocks?.[blockId]?.type : undefined)
  return settingsOf(schema.blocks?.find((b) => b.type === kind)?.settings)
}

/** Reads the theme for the references its new setting values name (products, media) and checks they exist. */
async function onTheme(
  env: PrepareEnv,
  command: ThemeSectionCommand,
  settings?: {
    values: Record<string, unknown>
    sectionType?: string
    sectionId?: string
    blockType?: string
    blockId?: string
  },
) {
  const storeId = storeOf(env.ctx)
  const { themeId, template } = command.data
  if (settings && Object.keys(settings.values).length) {
    const theme = await liveTheme(env, storeId, themeId)
    if (theme) {
      const definitions = definitionsFor(
        theme,
        template,
        settings.sectionType ?? null,
        settings.sectionId ?? null,
        settings.blockType ?? null,
        settings.blockId ?? null,
      )
      await checkReferences(env, storeId, definitions, settings.values, ['input', 'settings'])
    }
  }
  return { stream: themeStream(storeId, themeId), entityId: themeId, command }
}

export const themeSectionAdd = defineCommand({
  name: 'themeSectionAdd',
  tool: 'add_theme_section',
  description:
    'Add a section to a template of a theme. ' +
    WHERE +
    "type is a section file of the theme (sections/<type>.liquid); settings are checked against its {% schema %} (unknown ids and wrong types fail with BAD_USER_INPUT at input.settings.<id>); left-out settings use their defaults. preset names one of the schema's presets to start from (its settings and blocks). The schema's enabled_on/disabled_on decide where the type may go. position counts from 0 (the end when omitted). A template holds at most 25 sections; a schema's limit caps one type. Adding to a section group that does not exist yet creates it. Returns the theme, the template and the new section (its id is generated from the type unless id is given).",
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: themeSectionAddInput,
  prepare: (input, env) => {
    const command: ThemeSectionCommand = {
      type: 'ThemeSectionAdd',
      data: {
        themeId: input.themeId,
        template: input.template,
        sectionId: input.id ?? instanceIdFor(input.type, env),
        sectionType: input.type,
        settings: input.settings ?? {},
        position: input.position ?? null,
        preset: input.preset ?? null,
      },
    }
    return onTheme(env, command, { values: input.settings ?? {}, sectionType: input.type })
  },
  decider: themeSectionsDecider,
})

export const themeSectionUpdate = defineCommand({
  name: 'themeSectionUpdate',
  tool: 'update_theme_section',
  description:
    "Change settings of a section of a template, found by sectionId, or hide and show it. settings is setting id → value, checked against the section's {% schema %}; null resets a setting to its default; ids left out stay. disabled: true hides the section (kept, not rendered), false shows it again. " +
    WHERE +
    'Returns the theme, the template and the section. Fails with NOT_FOUND when the theme, template or section is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeSectionUpdateInput,
  prepare: (input, env) =>
    onTheme(
      env,
      {
        type: 'ThemeSectionUpdate',
        data: {
          themeId: input.themeId,
          template: input.template,
          sectionId: input.sectionId,
          settings: input.settings ?? {},
          disabled: input.disabled ?? null,
        },
      },
      { values: input.settings ?? {}, sectionId: input.sectionId },
    ),
  decider: themeSectionsDecider,
})

export const themeSectionRemove = defineCommand({
  name: 'themeSectionRemove',
  tool: 'remove_theme_section',
  description:
    'Remove a section, with its blocks, from a template, found by sectionId. ' +
    WHERE +
    'Returns the theme, the template and the removed id. Fails with NOT_FOUND when it is unknown.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: themeSectionRemoveInput,
  prepare: (input, env) =>
    onTheme(env, {
      type: 'ThemeSectionRemove',
      data: { themeId: input.themeId, template: input.template, sectionId: input.sectionId },
    }),
  decider: themeSectionsDecider,
})

export const themeSectionsReorder = defineCommand({
  name: 'themeSectionsReorder',
  tool: 'reorder_theme_sections',
  description:
    'Change the order of the sections of a template: the listed section ids come first, in the order given, and the others keep their order after them. ' +
    WHERE +
    'Returns the theme and the template. Fails with BAD_USER_INPUT when a listed id is not a section of the template.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeSectionsReorderInput,
  prepare: (input, env) =>
    onTheme(env, {
      type: 'ThemeSectionsReorder',
      data: { themeId: input.themeId, template: input.template, sectionIds: input.sectionIds },
    }),
  decider: themeSectionsDecider,
})

export const themeBlockAdd = defineCommand({
  name: 'themeBlockAdd',
  tool: 'add_theme_block',
  description:
    "Add a block to a section of a template. type must be a block type the section's {% schema %} declares; settings are checked against that block's settings (left-out ones use their defaults). A section holds at most its schema's max_blocks (never more than 50), and at most a block type's limit of that type. position counts from 0 (the end when omitted). " +
    WHERE +
    'Returns the theme, the template, the section and the new block (its id is generated from the type unless id is given).',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: themeBlockAddInput,
  prepare: (input, env) => {
    const command: ThemeSectionCommand = {
      type: 'ThemeBlockAdd',
      data: {
        themeId: input.themeId,
        template: input.template,
        sectionId: input.sectionId,
        blockId: input.id ?? instanceIdFor(input.type, env),
        blockType: input.type,
        settings: input.settings ?? {},
        position: input.position ?? null,
      },
    }
    return onTheme(env, command, { values: input.settings ?? {}, sectionId: input.sectionId, blockType: input.type })
  },
  decider: themeSectionsDecider,
})

export const themeBlockUpdate = defineCommand({
  name: 'themeBlockUpdate',
  tool: 'update_theme_block',
  description:
    "Change settings of a block of a section, found by sectionId and blockId, or hide and show it. settings is setting id → value, checked against the block's settings in the section's {% schema %}; null resets one to its default; ids left out stay. disabled: true hides the block, false shows it again. " +
    WHERE +
    'Returns the theme, the template, the section and the block.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeBlockUpdateInput,
  prepare: (input, env) =>
    onTheme(
      env,
      {
        type: 'ThemeBlockUpdate',
        data: {
          themeId: input.themeId,
          template: input.template,
          sectionId: input.sectionId,
          blockId: input.blockId,
          settings: input.settings ?? {},
          disabled: input.disabled ?? null,
        },
      },
      { values: input.settings ?? {}, sectionId: input.sectionId, blockId: input.blockId },
    ),
  decider: themeSectionsDecider,
})

export const themeBlockRemove = defineCommand({
  name: 'themeBlockRemove',
  tool: 'remove_theme_block',
  description:
    'Remove a block from a section of a template, found by sectionId and blockId. ' +
    WHERE +
    'Returns the theme, the template, the section and the removed id.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: themeBlockRemoveInput,
  prepare: (input, env) =>
    onTheme(env, {
      type: 'ThemeBlockRemove',
      data: { themeId: input.themeId, template: input.template, sectionId: input.sectionId, blockId: input.blockId },
    }),
  decider: themeSectionsDecider,
})

export const themeBlocksReorder = defineCommand({
  name: 'themeBlocksReorder',
  tool: 'reorder_theme_blocks',
  description:
    'Change the order of the blocks of a section: the listed block ids come first, in the order given, and the others keep their order after them. ' +
    WHERE +
    'Returns the theme, the template and the section.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeBlocksReorderInput,
  prepare: (input, env) =>
    onTheme(env, {
      type: 'ThemeBlocksReorder',
      data: { themeId: input.themeId, template: input.template, sectionId: input.sectionId, blockIds: input.blockIds },
    }),
  decider: themeSectionsDecider,
})

export const themeSectionCommands: readonly AnyCommandDefinition[] = [
  themeSectionAdd,
  themeSectionUpdate,
  themeSectionRemove,
  themeSectionsReorder,
  themeBlockAdd,
  themeBlockUpdate,
  themeBlockRemove,
  themeBlocksReorder,
]
