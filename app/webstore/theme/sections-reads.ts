import { DomainError, badInput } from '../../../domain/shared/errors.js'
import { templateName, templatePath } from '../../../domain/webstore/theme/sections-template.js'
import {
  sectionGroupViews,
  templateView,
  type TemplateBlockView,
  type TemplateSectionView,
  type TemplateView,
} from '../../../projections/webstore/theme/sections-queries.js'
import type { Caller } from '../../caller.js'
import { webstoreStore } from '../shared/store.js'
import { readTheme } from './reads.js'

// The section instances and blocks of a theme's JSON templates and section groups, as GraphQL's
// `Theme.template` / `Theme.sectionGroups` and the MCP tools get_theme_template /
// list_theme_section_groups serve them. The read model builds these views already (renderData
// merges the section schema's defaults), so they pass through as they are.

export type { TemplateBlockView, TemplateSectionView, TemplateView }

/** A template of a theme of the store by name ('index', 'group:header'), or null when the theme has none by that name. */
export function findThemeTemplate(caller: Caller, themeId: string, name: string): Promise<TemplateView | null> {
  return templateView(caller.platform.database.db, webstoreStore(caller), themeId.toLowerCase(), name)
}

/** `Theme.template(name)`: the name checked first (BAD_USER_INPUT on `name`), null when the theme has no such template. */
export function themeTemplate(caller: Caller, theme: { id: string }, name: string): Promise<TemplateView | null> {
  webstoreStore(caller)
  const parsed = templateName.safeParse(name)
  if (!parsed.success) throw badInput(['name'], parsed.error.issues[0]!.message)
  return findThemeTemplate(caller, theme.id, parsed.data)
}

/** A template of a theme of the store; NOT_FOUND when the theme, or its template by that name, does not exist. */
export async function readThemeTemplate(caller: Caller, themeId: string, name: string): Promise<TemplateView> {
  await readTheme(caller, themeId)
  const view = await findThemeTemplate(caller, themeId, name)
  if (!view)
    throw new DomainError('NOT_FOUND', `theme '${themeId}' has no template '${name}' (${templatePath(name)})`, {
      field: ['template'],
    })
  return view
}

/** Every section group of a theme (sections/<group>-group.json) by name. */
export function themeSectionGroups(caller: Caller, theme: { id: string }): Promise<TemplateView[]> {
  return sectionGroupViews(caller.platform.database.db, webstoreStore(caller), theme.id.toLowerCase())
}

/** The section groups of a theme of the store; NOT_FOUND when the store has no such theme. */
export async function readThemeSectionGroups(caller: Caller, themeId: string): Promise<TemplateView[]> {
  return themeSectionGroups(caller, await readTheme(caller, themeId))
}
