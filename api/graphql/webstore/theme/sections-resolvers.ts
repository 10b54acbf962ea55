import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { notFound } from '../../../../domain/shared/errors.js'
import { themeStream } from '../../../../domain/webstore/theme/streams.js'
import type { MutationResult } from '../../../../app/platform.js'
import { readTheme } from '../../../../app/webstore/theme/reads.js'
import {
  findThemeTemplate,
  themeSectionGroups,
  themeTemplate,
  type TemplateSectionView,
  type TemplateView,
} from '../../../../app/webstore/theme/sections-reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { commandContext, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { themeSectionTypeDefs } from './sections-schema.js'
import {
  themeBlockAdd,
  themeBlockRemove,
  themeBlockUpdate,
  themeBlocksReorder,
} from '../../../../domain/webstore/theme/blocks-definitions.js'
import {
  themeSectionAdd,
  themeSectionRemove,
  themeSectionUpdate,
  themeSectionsReorder,
} from '../../../../domain/webstore/theme/sections-definitions.js'

type Input = { input: Record<string, unknown> }

/** Runs the command, waits for the read models, and reads back the theme and the template it changed. */
async function run(ctx: RequestContext, definition: AnyCommandDefinition, input: Record<string, unknown>) {
  const result = await ctx.platform.executeAndWait(definition, input, commandContext(ctx))
  const theme = await readTheme(ctx, result.entityId)
  const template = await findThemeTemplate(ctx, theme.id, String(input.template).trim())
  if (!template) throw notFound('template', String(input.template))
  return { result, theme, template, eventPosition: result.position }
}

/** The id a command gave a new section or block: the input's, else the one `prepare` chose, read from the command's own event. */
async function newId(
  ctx: RequestContext,
  result: MutationResult,
  input: Record<string, unknown>,
  event: string,
  field: 'sectionId' | 'blockId',
): Promise<string> {
  if (typeof input.id === 'string') return input.id
  const positions = new Set(result.events.filter((e) => e.type === event).map((e) => e.position))
  const stream = await ctx.platform.eventStore.readStream(themeStream(requireStore(ctx).id, result.entityId))
  const recorded = stream.find((e) => positions.has(e.position))
  return String(recorded?.data[field])
}

function section(template: TemplateView, id: unknown): TemplateSectionView {
  const found = template.sections.find((s) => s.id === id)
  if (!found) throw notFound('section', String(id))
  return found
}

function block(view: TemplateSectionView, id: unknown) {
  const found = view.blocks.find((b) => b.id === id)
  if (!found) throw notFound('block', String(id))
  return found
}

const resolvers: GraphQLSlice['resolvers'] = {
  Theme: {
    template: (theme: { id: string }, args: { name: string }, ctx) => themeTemplate(ctx, theme, args.name),
    sectionGroups: (theme: { id: string }, _args, ctx) => themeSectionGroups(ctx, theme),
  },
  Mutation: {
    themeSectionAdd: async (_root, { input }: Input, ctx) => {
      const { result, theme, template, eventPosition } = await run(ctx, themeSectionAdd, input)
      return {
        theme,
        template,
        section: section(template, await newId(ctx, result, input, 'ThemeSectionAdded', 'sectionId')),
        eventPosition,
      }
    },
    themeSectionUpdate: async (_root, { input }: Input, ctx) => {
      const { theme, template, eventPosition } = await run(ctx, themeSectionUpdate, input)
      return { theme, template, section: section(template, input.sectionId), eventPosition }
    },
    themeSectionRemove: async (_root, { input }: Input, ctx) => {
      const { theme, template, eventPosition } = await run(ctx, themeSectionRemove, input)
      return { theme, template, deletedId: input.sectionId, eventPosition }
    },
    themeSectionsReorder: async (_root, { input }: Input, ctx) => {
      const { theme, template, eventPosition } = await run(ctx, themeSectionsReorder, input)
      return { theme, template, eventPosition }
    },
    themeBlockAdd: async (_root, { input }: Input, ctx) => {
      const { result, theme, template, eventPosition } = await run(ctx, themeBlockAdd, input)
      const view = section(template, input.sectionId)
      return {
        theme,
        template,
        section: view,
        block: block(view, await newId(ctx, result, input, 'ThemeBlockAdded', 'blockId')),
        eventPosition,
      }
    },
    themeBlockUpdate: async (_root, { input }: Input, ctx) => {
      const { theme, template, eventPosition } = await run(ctx, themeBlockUpdate, input)
      const view = section(template, input.sectionId)
      return { theme, template, section: view, block: block(view, input.blockId), eventPosition }
    },
    themeBlockRemove: async (_root, { input }: Input, ctx) => {
      const { theme, template, eventPosition } = await run(ctx, themeBlockRemove, input)
      return { theme, template, section: section(template, input.sectionId), deletedId: input.blockId, eventPosition }
    },
    themeBlocksReorder: async (_root, { input }: Input, ctx) => {
      const { theme, template, eventPosition } = await run(ctx, themeBlocksReorder, input)
      return { theme, template, section: section(template, input.sectionId), eventPosition }
    },
  },
}

/** `Theme.template`, `Theme.sectionGroups` and the section and block mutations. */
export const themeSectionSlice: GraphQLSlice = { typeDefs: themeSectionTypeDefs, resolvers }
