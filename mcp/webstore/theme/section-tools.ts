import { z } from 'zod'
import { grants } from '../../../domain/shared/scopes.js'
import { templateName } from '../../../domain/webstore/theme/sections-template.js'
import { readThemeSectionGroups, readThemeTemplate } from '../../../app/webstore/theme/sections-reads.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

const settings = z.record(z.string(), z.unknown())
const block = z.object({ id: z.string(), type: z.string(), disabled: z.boolean(), settings })
const section = z.object({
  id: z.string(),
  type: z.string(),
  disabled: z.boolean(),
  settings: settings.describe('Stored values only.'),
  blocks: z.array(block),
  renderData: settings.describe(
    'What the renderer binds to `section` in Liquid: settings and block settings with the schema defaults merged.',
  ),
})
const template = z.object({ name: z.string(), path: z.string(), sections: z.array(section) })

const themeId = z.uuid({ error: 'themeId must be a theme id (a UUID)' }).describe('The theme id (a UUID).')

/** Section instances and blocks of a theme's templates, for agents editing them with add_theme_section and friends. */
export const themeSectionReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_theme_template',
    description:
      "One JSON template ('index', 'product', 'page.contact' …) or section group ('group:header') of a theme: its sections in order, " +
      'each with id, type, stored settings, blocks (id, type, settings) and renderData (what the storefront renders, defaults merged). ' +
      'Use the section and block ids with update_theme_section, add_theme_block, update_theme_block and the reorder/remove tools. ' +
      'Fails with NOT_FOUND when the theme or the template does not exist.',
    available: (scopes) => grants(scopes, 'webstore:read'),
    input: z.strictObject({ themeId, template: templateName }),
    output: template,
    run: async (args, call) => ({ ...(await readThemeTemplate(callerOf(call), args.themeId, args.template)) }),
  }),
  readTool({
    name: 'list_theme_section_groups',
    description:
      "The section groups of a theme (sections/<group>-group.json, e.g. 'group:header'), each with its sections as get_theme_template shows them.",
    available: (scopes) => grants(scopes, 'webstore:read'),
    input: z.strictObject({ themeId }),
    output: z.object({ groups: z.array(template) }),
    run: async (args, call) => ({ groups: await readThemeSectionGroups(callerOf(call), args.themeId) }),
  }),
]
