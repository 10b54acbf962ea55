import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { notFound } from '../../../../domain/shared/errors.js'
import { grants } from '../../../../domain/shared/scopes.js'
import { THEME_CATEGORY } from '../../../../domain/webstore/theme/streams.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import type { ListArgs } from '../../../../projections/shared/pagination.js'
import {
  listThemes,
  mainTheme,
  themeById,
  themeConfig,
  themeFileByPath,
  themeFiles,
  type ThemeConfig,
  type ThemeFilter,
  type ThemeSort,
} from '../../../../projections/webstore/theme/queries.js'
import type { ThemeFileRow, ThemeRow } from '../../../../projections/webstore/theme/tables.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { dropStagedThemeZip } from '../../../../app/webstore/theme/staged.js'
import { createThemePreviewLink } from '../../../../app/webstore/theme/preview-link.js'
import { themeRenderErrors } from '../../../../app/storefront/render-errors.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
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

function readStore(ctx: RequestContext): string {
  requireScope(ctx, 'webstore:read')
  return requireStore(ctx).id
}

async function readTheme(ctx: RequestContext, id: string): Promise<ThemeRow> {
  const theme = await themeById(ctx.platform.database.db, readStore(ctx), id)
  if (!theme) throw notFound('theme', id)
  return theme
}

/** settings, settingsSchema and sections come from the same files: read them once per theme object. */
const configs = new WeakMap<ThemeRow, Promise<ThemeConfig>>()
function configOf(theme: ThemeRow, ctx: RequestContext): Promise<ThemeConfig> {
  let config = configs.get(theme)
  if (!config) {
    config = themeConfig(ctx.platform.database.db, theme.store_id, theme.id)
    configs.set(theme, config)
  }
  return config
}

/** Runs a theme command and answers its payload with the theme read back from the read model. */
async function changeTheme(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { theme: await readTheme(ctx, entityId), eventPosition }
}

type Input<T = Record<string, unknown>> = { input: T }

const resolvers: GraphQLSlice['resolvers'] = {
  Theme: {
    sourceThemeId: (theme: ThemeRow) => theme.source_theme_id,
    createdAt: (theme: ThemeRow) => theme.created_at,
    updatedAt: (theme: ThemeRow) => theme.updated_at,
    files: (theme: ThemeRow, args: ListArgs & { paths?: string[] | null }, ctx: GraphQLContext, info) =>
      themeFiles(ctx.platform.database.db, theme.store_id, theme.id, args, { count: wantsTotal(info) }),
    file: (theme: ThemeRow, args: { path: string }, ctx: GraphQLContext) =>
      themeFileByPath(ctx.platform.database.db, theme.store_id, theme.id, args.path).then((f) => f ?? null),
    settings: async (theme: ThemeRow, _args: unknown, ctx: GraphQLContext) => (await configOf(theme, ctx)).settings,
    settingsSchema: async (theme: ThemeRow, _args: unknown, ctx: GraphQLContext) =>
      (await configOf(theme, ctx)).settingsSchema,
    sections: async (theme: ThemeRow, _args: unknown, ctx: GraphQLContext) => (await configOf(theme, ctx)).sections,
    renderErrors: (theme: ThemeRow, _args: unknown, ctx: GraphQLContext) =>
      themeRenderErrors(ctx.platform.database.db, theme.store_id, theme.id),
    history: (theme: ThemeRow, args: { first?: number | null; after?: string | null }, ctx: GraphQLContext, info) =>
      readEntityHistory(
        ctx.platform.database.db,
        theme.store_id,
        { entityType: THEME_CATEGORY, entityId: theme.id },
        args,
        { count: wantsTotal(info) },
      ),
  },
  ThemeFile: {
    contentType: (file: ThemeFileRow) => file.content_type,
    url: (file: ThemeFileRow) => (file.content_type ? `/storage/${file.store_id}/theme-assets/${file.checksum}` : null),
    updatedAt: (file: ThemeFileRow) => file.updated_at,
  },
  ViewerStore: {
    // The viewer lists every reachable store; their themes only for credentials that may read them.
    mainTheme: async (store: { id: string }, _args: unknown, ctx: GraphQLContext) =>
      grants(ctx.principal.scopes, 'webstore:read')
        ? ((await mainTheme(ctx.platform.database.db, store.id)) ?? null)
        : null,
  },
  Query: {
    theme: (_root, args: { id: string }, ctx) => readTheme(ctx, args.id),
    themes: (_root, args: ListArgs & { filter?: ThemeFilter | null; sort?: ThemeSort | null }, ctx, info) =>
      listThemes(ctx.platform.database.db, readStore(ctx), args, { count: wantsTotal(info) }),
    mainTheme: async (_root, _args, ctx) => (await mainTheme(ctx.platform.database.db, readStore(ctx))) ?? null,
  },
  Mutation: {
    themeCreate: async (_root, { input }: Input<{ stagedUploadId?: string | null }>, ctx) => {
      const created = await changeTheme(ctx, themeCreate, input)
      if (input.stagedUploadId) await dropStagedThemeZip(ctx.platform, created.theme.store_id, input.stagedUploadId)
      return created
    },
    themeDuplicate: (_root, { input }: Input, ctx) => changeTheme(ctx, themeDuplicate, input),
    themeRename: (_root, { input }: Input, ctx) => changeTheme(ctx, themeRename, input),
    themeSettingsUpdate: (_root, { input }: Input, ctx) => changeTheme(ctx, themeSettingsUpdate, input),
    themeFileUpsert: async (_root, { input }: Input<{ path: string }>, ctx) => {
      const { theme, eventPosition } = await changeTheme(ctx, themeFileUpsert, input)
      const file = await themeFileByPath(ctx.platform.database.db, theme.store_id, theme.id, input.path.trim())
      return { theme, file, eventPosition }
    },
    themeFileDelete: async (_root, { input }: Input<{ path: string }>, ctx) => ({
      ...(await changeTheme(ctx, themeFileDelete, input)),
      deletedPath: input.path.trim(),
    }),
    themePublish: async (_root, { input }: Input, ctx) => {
      // The main theme as the read model had it before: the one this publish turns UNPUBLISHED.
      const before = await mainTheme(ctx.platform.database.db, requireStore(ctx).id)
      const { theme, eventPosition } = await changeTheme(ctx, themePublish, input)
      const previousMainTheme =
        before && before.id !== theme.id ? await themeById(ctx.platform.database.db, theme.store_id, before.id) : null
      return { theme, previousMainTheme: previousMainTheme ?? null, eventPosition }
    },
    themePreviewLinkCreate: async (_root, { input }: Input, ctx) => {
      const link = await createThemePreviewLink(ctx, input)
      return { ...link, theme: await readTheme(ctx, link.themeId) }
    },
    themeDelete: async (_root, { input }: Input, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, themeDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

export const themeSlice: GraphQLSlice = { typeDefs: themeTypeDefs, resolvers }
