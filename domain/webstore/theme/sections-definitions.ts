import { defineCommand, type AnyCommandDefinition } from '../../shared/command.js'
import { themeBlockAdd, themeBlockRemove, themeBlocksReorder, themeBlockUpdate } from './blocks-definitions.js'
import {
  themeSectionAddInput,
  themeSectionRemoveInput,
  themeSectionsReorderInput,
  themeSectionUpdateInput,
  type ThemeSectionCommand,
} from './sections-commands.js'
import { SECTION_WRITE, WHERE, instanceIdFor, onTheme } from './sections-prepare.js'

export const themeSectionAdd = defineCommand({
  name: 'themeSectionAdd',
  tool: 'add_theme_section',
  description:
    'Add a section to a template of a theme. ' +
    WHERE +
    "type is a section file of the theme (sections/<type>.liquid); settings are checked against its {% schema %} (unknown ids and wrong types fail with BAD_USER_INPUT at input.settings.<id>); left-out settings use their defaults. preset names one of the schema's presets to start from (its settings and blocks). The schema's enabled_on/disabled_on decide where the type may go. position counts from 0 (the end when omitted). A template holds at most 25 sections; a schema's limit caps one type. Adding to a section group that does not exist yet creates it. Returns the theme, the template and the new section (its id is generated from the type unless id is given).",
  ...SECTION_WRITE,
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
})

export const themeSectionUpdate = defineCommand({
  name: 'themeSectionUpdate',
  tool: 'update_theme_section',
  description:
    "Change settings of a section of a template, found by sectionId, or hide and show it. settings is setting id → value, checked against the section's {% schema %}; null resets a setting to its default; ids left out stay. disabled: true hides the section (kept, not rendered), false shows it again. " +
    WHERE +
    'Returns the theme, the template and the section. Fails with NOT_FOUND when the theme, template or section is unknown.',
  ...SECTION_WRITE,
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
})

export const themeSectionRemove = defineCommand({
  name: 'themeSectionRemove',
  tool: 'remove_theme_section',
  description:
    'Remove a section, with its blocks, from a template, found by sectionId. ' +
    WHERE +
    'Returns the theme, the template and the removed id. Fails with NOT_FOUND when it is unknown.',
  ...SECTION_WRITE,
  annotations: { destructive: true, idempotent: false },
  input: themeSectionRemoveInput,
  prepare: (input, env) => onTheme(env, { type: 'ThemeSectionRemove', data: input }),
})

export const themeSectionsReorder = defineCommand({
  name: 'themeSectionsReorder',
  tool: 'reorder_theme_sections',
  description:
    'Change the order of the sections of a template: the listed section ids come first, in the order given, and the others keep their order after them. ' +
    WHERE +
    'Returns the theme and the template. Fails with BAD_USER_INPUT when a listed id is not a section of the template.',
  ...SECTION_WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeSectionsReorderInput,
  prepare: (input, env) => onTheme(env, { type: 'ThemeSectionsReorder', data: input }),
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
