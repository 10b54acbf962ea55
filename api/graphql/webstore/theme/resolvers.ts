import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import type { ListArgs } from '../../../../domain/shared/list-spec.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { mutate, requireStore } from '../../../../app/caller.js'
import {
  findMainTheme,
  findThemeFile,
  findThemeView,
  listThemeFiles,
  listThemes,
  readTheme,
  themeConfigOf,
  themeHistory,
  themeRenderErrorsOf,
  mainThemeOf,
} from '../../../../app/webstore/theme/reads.js'
import type { ThemeView } from '../../../../app/webstore/theme/view.js'
import { dropStagedThemeZip } from '../../../../app/webstore/theme/staged.js'
import { createThemePreviewLink } from '../../../../app/webstore/theme/preview-link.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { deleteResolver } from '../../shared/mutations.js'
import { wantsTotal } from '../../shared/selection.js'
import { themeTypeDefs } from './schema.js'
import {
  themeCreate,
  themeDelete,
  themeDuplicate,
  themeFileDelete,
  themeFileUpsert,
  themePublish,
  themeRename,
  themeSettingsUpdate,
} from '../../../../domain/webstore/theme/definitions.js'

/** Runs a theme command and answers its payload with the theme read back from the read model. */
async function changeTheme(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { theme: await readTheme(ctx, entityId), eventPosition }
}

type Input<T = Record<string, unknown>> = { input: T }

const resolvers: GraphQLSlice['resolvers'] = {
  Theme: {
    files: (theme: ThemeView, args: ListArgs & { paths?: string[] | null }, ctx: GraphQLContext, info) =>
      listThemeFiles(ctx, theme, args, { count: wantsTotal(info) }),
    file: (theme: ThemeView, args: { path: string }, ctx: GraphQLContext) => findThemeFile(ctx, theme, args.path),
    settings: async (theme: ThemeView, _args: unknown, ctx: GraphQLContext) =>
      (await themeConfigOf(ctx, theme)).settings,
    settingsSchema: async (theme: ThemeView, _args: unknown, ctx: GraphQLContext) =>
      (await themeConfigOf(ctx, theme)).settingsSchema,
    sections: async (theme: ThemeView, _args: unknown, ctx: GraphQLContext) =>
      (await themeConfigOf(ctx, theme)).sections,
    renderErrors: (theme: ThemeView, _args: unknown, ctx: GraphQLContext) => themeRenderErrorsOf(ctx, theme),
    history: (theme: ThemeView, args: { first?: number | null; after?: string | null }, ctx: GraphQLContext, info) =>
      themeHistory(ctx, theme, args, { count: wantsTotal(info) }),
  },
  ViewerStore: {
    mainTheme: (store: { id: string }, _args: unknown, ctx: GraphQLContext) => mainThemeOf(ctx, store.id),
  },
  Query: {
    theme: (_root, args: { id: string }, ctx) => readTheme(ctx, args.id),
    themes: listResolver(listThemes),
    mainTheme: (_root, _args, ctx) => findMainTheme(ctx),
  },
  Mutation: {
    themeCreate: async (_root, { input }: Input<{ stagedUploadId?: string | null }>, ctx) => {
      const created = await changeTheme(ctx, themeCreate, input)
      if (input.stagedUploadId) await dropStagedThemeZip(ctx.platform, created.theme.storeId, input.stagedUploadId)
      return created
    },
    themeDuplicate: (_root, { input }: Input, ctx) => changeTheme(ctx, themeDuplicate, input),
    themeRename: (_root, { input }: Input, ctx) => changeTheme(ctx, themeRename, input),
    themeSettingsUpdate: (_root, { input }: Input, ctx) => changeTheme(ctx, themeSettingsUpdate, input),
    themeFileUpsert: async (_root, { input }: Input<{ path: string }>, ctx) => {
      const { theme, eventPosition } = await changeTheme(ctx, themeFileUpsert, input)
      return { theme, file: await findThemeFile(ctx, theme, input.path.trim()), eventPosition }
    },
    themeFileDelete: async (_root, { input }: Input<{ path: string }>, ctx) => ({
      ...(await changeTheme(ctx, themeFileDelete, input)),
      deletedPath: input.path.trim(),
    }),
    themePublish: async (_root, { input }: Input, ctx) => {
      // The main theme as the read model had it before: the one this publish turns UNPUBLISHED.
      const before = await mainThemeOf(ctx, requireStore(ctx).id)
      const { theme, eventPosition } = await changeTheme(ctx, themePublish, input)
      const previousMainTheme = before && before.id !== theme.id ? await findThemeView(ctx, before.id) : null
      return { theme, previousMainTheme, eventPosition }
    },
    themePreviewLinkCreate: async (_root, { input }: Input, ctx) => {
      const link = await createThemePreviewLink(ctx, input)
      return { ...link, theme: await readTheme(ctx, link.themeId) }
    },
    themeDelete: deleteResolver(themeDelete),
  },
}

export const themeSlice: GraphQLSlice = { typeDefs: themeTypeDefs, resolvers }
