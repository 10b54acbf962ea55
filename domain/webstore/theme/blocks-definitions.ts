import { defineCommand } from '../../shared/command.js'
import {
  themeBlockAddInput,
  themeBlockRemoveInput,
  themeBlocksReorderInput,
  themeBlockUpdateInput,
  type ThemeSectionCommand,
} from './sections-commands.js'
import { SECTION_WRITE, WHERE, instanceIdFor, onTheme } from './sections-prepare.js'

// The commands that edit the blocks inside a section of a template; the sections' own are in sections-definitions.ts.

export const themeBlockAdd = defineCommand({
  name: 'themeBlockAdd',
  tool: 'add_theme_block',
  description:
    "Add a block to a section of a template. type must be a block type the section's {% schema %} declares; settings are checked against that block's settings (left-out ones use their defaults). A section holds at most its schema's max_blocks (never more than 50), and at most a block type's limit of that type. position counts from 0 (the end when omitted). " +
    WHERE +
    'Returns the theme, the template, the section and the new block (its id is generated from the type unless id is given).',
  ...SECTION_WRITE,
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
})

export const themeBlockUpdate = defineCommand({
  name: 'themeBlockUpdate',
  tool: 'update_theme_block',
  description:
    "Change settings of a block of a section, found by sectionId and blockId, or hide and show it. settings is setting id → value, checked against the block's settings in the section's {% schema %}; null resets one to its default; ids left out stay. disabled: true hides the block, false shows it again. " +
    WHERE +
    'Returns the theme, the template, the section and the block.',
  ...SECTION_WRITE,
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
})

export const themeBlockRemove = defineCommand({
  name: 'themeBlockRemove',
  tool: 'remove_theme_block',
  description:
    'Remove a block from a section of a template, found by sectionId and blockId. ' +
    WHERE +
    'Returns the theme, the template, the section and the removed id.',
  ...SECTION_WRITE,
  annotations: { destructive: true, idempotent: false },
  input: themeBlockRemoveInput,
  prepare: (input, env) => onTheme(env, { type: 'ThemeBlockRemove', data: input }),
})

export const themeBlocksReorder = defineCommand({
  name: 'themeBlocksReorder',
  tool: 'reorder_theme_blocks',
  description:
    'Change the order of the blocks of a section: the listed block ids come first, in the order given, and the others keep their order after them. ' +
    WHERE +
    'Returns the theme, the template and the section.',
  ...SECTION_WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeBlocksReorderInput,
  prepare: (input, env) => onTheme(env, { type: 'ThemeBlocksReorder', data: input }),
})
