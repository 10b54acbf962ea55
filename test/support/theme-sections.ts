import { fold } from '../../domain/shared/event.js'
import { defaultThemeFiles } from '../../domain/webstore/theme/default-theme.js'
import type { ThemeCreated, ThemeEvent } from '../../domain/webstore/theme/events.js'
import { themeFile } from '../../domain/webstore/theme/files.js'
import type { ThemeSectionCommand } from '../../domain/webstore/theme/sections-commands.js'
import type { ThemeSectionEvent } from '../../domain/webstore/theme/sections-events.js'
import { themeSectionsDecider } from '../../domain/webstore/theme/sections-prepare.js'
import { parseTemplate, type TemplateJson } from '../../domain/webstore/theme/sections-template.js'
import { deciderSpec } from './decider-spec.js'
import { ctx } from './decide-context.js'
export { ctx }

/** A theme with sections made for the section and block command tests, and helpers to run those commands. */
export const THEME = '01900000-0000-7000-8000-000000000001'
export const spec = deciderSpec(themeSectionsDecider, ctx)

/** A section made for these tests: at most once per template, two blocks at most, one 'badge'. */
export const PROMO = `<div>{{ section.settings.title }}</div>
{% schema %}
{
  "name": "Promo",
  "limit": 1,
  "max_blocks": 2,
  "settings": [
    { "type": "text", "id": "title", "label": "Title", "default": "Sale" },
    { "type": "checkbox", "id": "boxed", "label": "Boxed", "default": false }
  ],
  "blocks": [
    { "type": "badge", "name": "Badge", "limit": 1, "settings": [{ "type": "color", "id": "color", "label": "Color", "default": "#ff0000" }] },
    { "type": "line", "name": "Line", "settings": [{ "type": "text", "id": "text", "label": "Text" }] }
  ]
}
{% endschema %}
`
const PLAIN = '<p>No schema here</p>\n'
/** Only on product pages and in the footer group; never on the 404 page. */
const PLACED = `{% schema %}
{ "name": "Placed", "enabled_on": { "templates": ["product", "404"], "groups": ["footer"] }, "disabled_on": { "templates": ["404"] } }
{% endschema %}
`
const NOWHERE_GROUPED = `{% schema %}
{ "name": "Templates only", "enabled_on": { "templates": ["*"] } }
{% endschema %}
`

const files = [
  ...defaultThemeFiles(),
  themeFile('sections/promo.liquid', PROMO),
  themeFile('sections/plain.liquid', PLAIN),
  themeFile('sections/placed.liquid', PLACED),
  themeFile('sections/templates-only.liquid', NOWHERE_GROUPED),
]
export const created: ThemeCreated = {
  type: 'ThemeCreated',
  data: { themeId: THEME, name: 'Summer', role: 'DRAFT', source: 'DEFAULT', sourceThemeId: null, files },
}
/** The spec from the created theme on: `givenTheme.when(addSection('promo')).then([…])`. */
export const givenTheme = spec.given([created])
export const index = parseTemplate(files.find((f) => f.path === 'templates/index.json')!.content)!

export const on = { themeId: THEME, template: 'index' }
export const addSection = (
  sectionType: string,
  settings: Record<string, unknown> = {},
  extra: Partial<{ sectionId: string; position: number | null; template: string; preset: string | null }> = {},
): ThemeSectionCommand => ({
  type: 'ThemeSectionAdd',
  data: { ...on, sectionId: 'promo_1', sectionType, settings, position: null, preset: null, ...extra },
})
export const addBlock = (
  blockType: string,
  settings: Record<string, unknown> = {},
  extra: Partial<{ blockId: string; sectionId: string; position: number | null }> = {},
): ThemeSectionCommand => ({
  type: 'ThemeBlockAdd',
  data: { ...on, sectionId: 'story', blockId: 'b_1', blockType, settings, position: null, ...extra },
})

/** Runs a command on the given history and answers the events and the template they wrote. */
export function run(
  history: readonly ThemeEvent[],
  command: ThemeSectionCommand,
): { events: ThemeSectionEvent[]; template: TemplateJson } {
  const events = themeSectionsDecider.decide(command, fold(themeSectionsDecider, history), ctx) as ThemeSectionEvent[]
  return { events, template: parseTemplate(events[0]!.data.file.content)! }
}

export const promoAdded = run([created], addSection('promo', { title: 'Half price' })).events
