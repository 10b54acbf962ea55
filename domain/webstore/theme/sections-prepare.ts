import { storeWrite, type PrepareEnv } from '../../shared/command.js'
import { fold, deciderOf } from '../../shared/event.js'
import { themeDecider } from './definitions.js'
import type { ThemeEvent } from './events.js'
import type { SettingDefinition } from './setting-definitions.js'
import type { ThemeSectionCommand } from './sections-commands.js'
import { decideThemeSections } from './sections-decide.js'
import { checkReferences } from './sections-references.js'
import { blockDefinitionOf, sectionSchemaOf, settingsOf } from './sections-schema.js'
import { readTemplate } from './sections-template.js'
import { THEME_CATEGORY, themeStream } from './streams.js'
import { evolveTheme, initialThemeState, type LiveTheme } from './theme.js'
import { storeOf } from '../../shared/store-of.js'

// What the section and block commands share: their decider, how they name new instances, and
// the prepare step that checks the references of new setting values against the live theme.

/** A second decider over the theme stream: the same state, commands that edit JSON templates and section groups. */
export const themeSectionsDecider = deciderOf(initialThemeState, evolveTheme, decideThemeSections)

/** What every section and block command shares: the resource, scope, transports, store and decider. */
export const SECTION_WRITE = storeWrite(THEME_CATEGORY, 'webstore:write', { decider: themeSectionsDecider })

/** How every section and block command's description says which template it edits. */
export const WHERE =
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
  return settingsOf(kind ? blockDefinitionOf(schema, kind, theme)?.settings : undefined)
}

/** Reads the theme for the references its new setting values name (products, media) and checks they exist. */
export async function onTheme(
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
