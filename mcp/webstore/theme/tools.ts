import { z } from 'zod'
import { filterSchema, sortSchema } from '../../../domain/shared/list-spec.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { grantsCommand } from '../../../domain/shared/command.js'
import { themePreviewLinkCreateInput } from '../../../domain/webstore/theme/commands.js'
import { themePreviewLinkCreate } from '../../../domain/webstore/theme/definitions.js'
import { THEME_LIST } from '../../../domain/webstore/theme/list.js'
import { createThemePreviewLink } from '../../../app/webstore/theme/preview-link.js'
import { listThemeDetails, readThemeDetail, readThemeFile } from '../../../app/webstore/theme/reads.js'
import {
  themeDetailViewSchema,
  themeFileContentViewSchema,
  toThemeFileContentView,
} from '../../../app/webstore/theme/view.js'
import { listArgsShape, listSchema } from '../../shared/lists.js'
import { callerOf } from '../../shared/session.js'
import { readTool, shopTool, type ShopTool } from '../../shared/tool.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'webstore:read')

const getThemeArgs = z.strictObject({ id: z.string().nullish().describe('The theme id; omitted: the main theme.') })
const getThemeFileArgs = z.strictObject({
  themeId: z.string().describe('The theme id.'),
  path: z.string().describe("The file's path, e.g. 'sections/header.liquid' or 'templates/index.json'."),
})
const listThemesArgs = z.strictObject({
  ...listArgsShape,
  filter: filterSchema(THEME_LIST).nullish(),
  sort: sortSchema(THEME_LIST).nullish().describe(`${THEME_LIST.defaultSort} when omitted.`),
})

export const themeReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_theme',
    description:
      'Get a theme of the current store by id, or the main theme (the one shoppers see) when no id is given: its role, its ' +
      'files (paths, sizes and checksums; get_theme_file returns a content) and the global settings in effect. Fails with NOT_FOUND ' +
      'when the store has no such theme.',
    available: canRead,
    input: getThemeArgs,
    output: themeDetailViewSchema,
    run: (args, call) => readThemeDetail(callerOf(call), args.id),
  }),
  readTool({
    name: 'get_theme_file',
    description:
      'Get the content of one file of a theme (Liquid, JSON, CSS …) before changing it with upsert_theme_file. Fails with ' +
      'NOT_FOUND when the theme or the file does not exist.',
    available: canRead,
    input: getThemeFileArgs,
    output: themeFileContentViewSchema,
    run: async (args, call) => toThemeFileContentView(await readThemeFile(callerOf(call), args.themeId, args.path)),
  }),
  readTool({
    name: 'list_themes',
    description:
      "List the current store's themes with filters (role, name, updatedAt, and/or), sort and pagination (the arguments of " +
      "GraphQL's themes query). Returns nodes, pageInfo and totalCount.",
    available: canRead,
    input: listThemesArgs,
    output: listSchema(themeDetailViewSchema),
    run: (args, call) => listThemeDetails(callerOf(call), args),
  }),
  shopTool({
    name: 'create_theme_preview_link',
    description: themePreviewLinkCreate.description,
    // The registry's own rule for the command, so the tool is listed exactly when the call would pass the scope check.
    available: (scopes) => grantsCommand(scopes, themePreviewLinkCreate),
    input: themePreviewLinkCreateInput,
    output: z.object({
      themeId: z.string(),
      url: z.string().describe('Open it to see the store with this theme; anyone holding it can until expiresAt.'),
      expiresAt: z.string(),
      eventPosition: z.string().nullable(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (args, call) => ({ ...(await createThemePreviewLink(callerOf(call), args)) }),
  }),
]
