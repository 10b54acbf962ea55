import { v5 as uuidv5 } from 'uuid'
import {
  defineCommand,
  type AnyCommandDefinition,
  type PrepareEnv,
  type UniquenessChange,
  storeWrite,
} from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { notFound } from '../../shared/errors.js'
import { fold, deciderOf } from '../../shared/event.js'
import {
  themeCreateInput,
  themeDeleteInput,
  themeDuplicateInput,
  themeFileDeleteInput,
  themeFileUpsertInput,
  themeInstallDefaultInput,
  themePreviewLinkCreateInput,
  themePublishInput,
  previewLinkExpiry,
  themeRenameInput,
  themeSettingsUpdateInput,
  type ThemeCommand,
} from './commands.js'
import { abandonCutShort, decideTheme } from './decide.js'
import { DEFAULT_THEME_NAME, defaultThemeFiles } from './default-theme.js'
import type { ThemeEvent } from './events.js'
import { evolveTheme, initialThemeState, type ThemeRoles, type ThemeState } from './theme.js'
import { THEME_CATEGORY, THEME_DRAFT_KEY, THEME_MAIN_KEY, themeStream } from './streams.js'
import { zipSourceFiles } from './zip-source.js'
import { reservationChanges } from '../../shared/reservations.js'
import { onStoreEntity, storeOf } from '../../shared/store-of.js'

export const themeDecider = deciderOf(initialThemeState, evolveTheme, decideTheme)

/** Namespace of the default theme's id: uuid v5 of the store id, so installing it twice writes the same stream. */
const DEFAULT_THEME_NAMESPACE = '6f1c2a0e-8a7b-4c55-9d3e-2b1f0c9e7a41'

/** The id of a store's default theme, the same every time. */
export function defaultThemeId(storeId: string): string {
  return uuidv5(storeId, DEFAULT_THEME_NAMESPACE)
}

const WRITE = storeWrite(THEME_CATEGORY, 'webstore:write', { decider: themeDecider, uniqueness: roleReservations })
const onTheme = onStoreEntity<ThemeCommand>(themeStream)

export const themeCreate = defineCommand({
  name: 'themeCreate',
  tool: 'create_theme',
  description:
    'Create a theme in the current store: a copy of the platform default theme (source DEFAULT, the default) or an uploaded ' +
    "theme in Shopify's theme format (source ZIP with zip = the theme zip as base64, or stagedUploadId = a zip of up to 10 MB PUT to a staged upload; text files " +
    'at most 256 KB each, images and fonts in assets/; layout/theme.liquid, ' +
    'templates/index.json and config/settings_schema.json + settings_data.json are required). Liquid and JSON are checked: an ' +
    "error answers BAD_USER_INPUT naming the file, line and column. The theme is the store's DRAFT when it has none, else " +
    'UNPUBLISHED; role DRAFT when a draft exists fails with CONFLICT. It goes live only with publish_theme. Returns the theme.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: themeCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const themeId = env.newId()
    const zip = await zipSourceFiles(input, env, storeId)
    return onTheme(env, themeId, {
      type: 'ThemeCreate',
      data: {
        themeId,
        name: input.name,
        source: zip ? 'ZIP' : 'DEFAULT',
        sourceThemeId: null,
        files: zip?.files ?? defaultThemeFiles(),
        role: input.role ?? null,
      },
      roles: await storeRoles(env, storeId),
      filesField: zip?.field ?? ['input', 'source'],
    })
  },
  cutShort: abandonCutShort,
})

export const themeDuplicate = defineCommand({
  name: 'themeDuplicate',
  tool: 'duplicate_theme',
  description:
    'Copy a theme of the current store, found by id, with all its files and settings, as a new theme named name (default ' +
    '"Copy of <name>"). The copy is the DRAFT when the store has none, else UNPUBLISHED; the original is unchanged. ' +
    'Returns the new theme. Fails with NOT_FOUND when the id is unknown or deleted.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: themeDuplicateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const source = fold(themeDecider, (await env.readStream(themeStream(storeId, input.id))) as unknown as ThemeEvent[])
    if (source.kind !== 'existing') throw notFound('theme', input.id)
    const themeId = env.newId()
    return onTheme(env, themeId, {
      type: 'ThemeCreate',
      data: {
        themeId,
        name: input.name ?? `Copy of ${source.theme.name}`.slice(0, 100),
        source: 'THEME',
        sourceThemeId: input.id,
        files: Object.values(source.theme.files).map((f) => ({ ...f })),
        role: input.role ?? null,
      },
      roles: await storeRoles(env, storeId),
    })
  },
  cutShort: abandonCutShort,
})

export const themeRename = defineCommand({
  name: 'themeRename',
  tool: 'rename_theme',
  description:
    'Rename a theme, found by id. Renaming to the current name changes nothing. Returns the theme. Fails with NOT_FOUND when the id is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeRenameInput,
  prepare: (input, env) =>
    onTheme(env, input.id, { type: 'ThemeRename', data: { themeId: input.id, name: input.name } }),
})

export const themeFileUpsert = defineCommand({
  name: 'themeFileUpsert',
  tool: 'upsert_theme_file',
  description:
    'Create or replace one file of a theme: path (e.g. sections/hero.liquid, templates/page.about.json, snippets/card.liquid, ' +
    "assets/site.css, locales/de.json) and its whole content. Liquid must parse (a section's {% schema %} must be valid JSON " +
    'with settings, blocks and presets) and JSON files must parse; otherwise BAD_USER_INPUT names the line and column and the ' +
    'file stays as it was. At most 256 KB per file. Returns the theme.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeFileUpsertInput,
  prepare: (input, env) =>
    onTheme(env, input.themeId, {
      type: 'ThemeFileUpsert',
      data: { themeId: input.themeId, path: input.path, content: input.content },
    }),
})

export const themeFileDelete = defineCommand({
  name: 'themeFileDelete',
  tool: 'delete_theme_file',
  description:
    'Delete one file of a theme. layout/theme.liquid, templates/index.json, config/settings_schema.json and ' +
    'config/settings_data.json are required and cannot be deleted (change them instead). Returns the theme. Fails with ' +
    'NOT_FOUND when the theme or the file does not exist.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: themeFileDeleteInput,
  prepare: (input, env) =>
    onTheme(env, input.themeId, { type: 'ThemeFileDelete', data: { themeId: input.themeId, path: input.path } }),
})

export const themeSettingsUpdate = defineCommand({
  name: 'themeSettingsUpdate',
  tool: 'update_theme_settings',
  description:
    'Change theme settings (colors, fonts, layout … as declared in config/settings_schema.json): settings is an object of ' +
    'setting id → value; null resets one to its default; ids left out stay. Each value is checked against its type ' +
    '(checkbox true/false, range within min/max/step, select one of its options, color #rrggbb, url …); an unknown id fails ' +
    'with BAD_USER_INPUT at input.settings.<id>. Returns the theme.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themeSettingsUpdateInput,
  prepare: (input, env) =>
    onTheme(env, input.id, { type: 'ThemeSettingsUpdate', data: { themeId: input.id, settings: input.settings } }),
})

export const themePublish = defineCommand({
  name: 'themePublish',
  tool: 'publish_theme',
  description:
    "Make a theme (draft or unpublished) the store's main theme, the one shoppers see. The theme that was main becomes " +
    'UNPUBLISHED and is kept, so it can be published again later. Publishing the main theme changes nothing. Returns the theme.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: themePublishInput,
  prepare: async (input, env) =>
    onTheme(env, input.id, {
      type: 'ThemePublish',
      data: { themeId: input.id },
      roles: await storeRoles(env, storeOf(env.ctx)),
    }),
})

export const themeDelete = defineCommand({
  name: 'themeDelete',
  tool: 'delete_theme',
  description:
    'Delete a draft or unpublished theme for good. The main theme cannot be deleted (BAD_USER_INPUT): publish another theme ' +
    'first. Returns the deleted id. Fails with NOT_FOUND when the id is unknown or already deleted.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: themeDeleteInput,
  prepare: async (input, env) =>
    onTheme(env, input.id, {
      type: 'ThemeDelete',
      data: { themeId: input.id },
      roles: await storeRoles(env, storeOf(env.ctx)),
    }),
})

/**
 * Run by the platform when a store is created (no transport offers it): installs the default
 * theme as the store's main theme under an id derived from the store id. Running it again finds
 * the theme there and changes nothing, so a replayed StoreCreated installs nothing twice.
 */
export const themeInstallDefault = defineCommand({
  name: 'themeInstallDefault',
  tool: 'install_default_theme',
  description: "Install the platform's default theme as the store's main theme, once; later calls change nothing.",
  ...WRITE,
  transports: [],
  annotations: { destructive: false, idempotent: true },
  input: themeInstallDefaultInput,
  async prepare(_input, env) {
    const storeId = storeOf(env.ctx)
    const themeId = defaultThemeId(storeId)
    return onTheme(env, themeId, {
      type: 'ThemeCreate',
      data: {
        themeId,
        name: DEFAULT_THEME_NAME,
        source: 'DEFAULT',
        sourceThemeId: null,
        files: defaultThemeFiles(),
        role: 'MAIN',
      },
      roles: await storeRoles(env, storeId),
      ifMissing: true,
    })
  },
  cutShort: abandonCutShort,
})

/*
 * Offered through `themePreviewLinkCreate` (GraphQL) and the `create_theme_preview_link` tool,
 * which run this command and then sign the link (app/webstore/theme/preview-link.ts): the answer
 * carries a URL no read model holds, so neither is generated from the registry.
 */
export const themePreviewLinkCreate = defineCommand({
  name: 'themePreviewLinkCreate',
  tool: 'create_theme_preview_link',
  description:
    'Create a link that shows a theme of the current store (a draft, unpublished or the main one) on the storefront to anyone ' +
    'who opens it, without an account, until it expires (expiresInSeconds: default 24 hours, at most 7 days). The store in ' +
    'maintenance still shows to the link. Returns the URL and its expiry. Fails with NOT_FOUND when the theme is unknown or deleted.',
  ...WRITE,
  transports: ['graphql'],
  annotations: { destructive: false, idempotent: false },
  input: themePreviewLinkCreateInput,
  prepare: (input, env) =>
    onTheme(env, input.themeId, {
      type: 'ThemePreviewLinkCreate',
      data: {
        themeId: input.themeId,
        expiresAt: previewLinkExpiry(env.ctx.now, input.expiresInSeconds).toISOString(),
      },
    }),
})

export const themeCommands: readonly AnyCommandDefinition[] = [
  themeCreate,
  themeDuplicate,
  themeRename,
  themeFileUpsert,
  themeFileDelete,
  themeSettingsUpdate,
  themePublish,
  themeDelete,
  themeInstallDefault,
  themePreviewLinkCreate,
]

/** Which themes hold the main and draft roles, from their reservations (never from a read model, which may lag). */
export async function storeRoles(env: PrepareEnv, storeId: string): Promise<ThemeRoles> {
  const [main, draft] = await Promise.all([
    env.reservationOwner(storeId, THEME_MAIN_KEY),
    env.reservationOwner(storeId, THEME_DRAFT_KEY),
  ])
  return { main, draft }
}

/**
 * Roles move with the events: a theme created as main or draft claims that role, publishing
 * moves the main role (release from the old main, claim for the new one) and frees the draft
 * role, deleting a draft frees it. A claim the store's roles no longer allow is a CONFLICT.
 */
export function roleReservations(
  events: readonly ThemeEvent[],
  _before: ThemeState,
  ctx: DecideContext,
): UniquenessChange[] {
  const { claim, release } = reservationChanges(storeOf(ctx), (roleKey) => roleKey, ['input', 'id'])
  const mainTaken = 'another theme became the main theme at the same time; read the themes again and retry'
  const draftTaken =
    'the store already has a draft theme; publish or delete it first, or create this theme as UNPUBLISHED'
  return events.flatMap((event): UniquenessChange[] => {
    switch (event.type) {
      case 'ThemeCreated':
        if (event.data.role === 'MAIN') return [claim(THEME_MAIN_KEY, event.data.themeId, mainTaken)]
        if (event.data.role === 'DRAFT') return [claim(THEME_DRAFT_KEY, event.data.themeId, draftTaken)]
        return []
      case 'ThemePublished': {
        const { themeId, previousMainThemeId, previousRole } = event.data
        return [
          ...(previousMainThemeId ? [release(THEME_MAIN_KEY, previousMainThemeId)] : []),
          claim(THEME_MAIN_KEY, themeId, mainTaken),
          ...(previousRole === 'DRAFT' ? [release(THEME_DRAFT_KEY, themeId)] : []),
        ]
      }
      case 'ThemeDeleted':
        return event.data.role === 'DRAFT' ? [release(THEME_DRAFT_KEY, event.data.themeId)] : []
      default:
        return []
    }
  })
}
