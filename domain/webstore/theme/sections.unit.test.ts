import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { DecideContext } from '../../shared/context.js'
import { fold } from '../../shared/event.js'
import { defaultThemeFiles } from './default-theme.js'
import type { ThemeCreated, ThemeEvent } from './events.js'
import { themeFile } from './files.js'
import type { ThemeSectionCommand } from './sections-commands.js'
import { themeSectionsDecider } from './sections-prepare.js'
import type { ThemeSectionEvent } from './sections-events.js'
import { parseTemplate, templateFile, type TemplateJson } from './sections-template.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const THEME = '01900000-0000-7000-8000-000000000001'
const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: STORE,
}
const spec = deciderSpec(themeSectionsDecider, ctx)

/** A section made for these tests: at most once per template, two blocks at most, one 'badge'. */
const PROMO = `<div>{{ section.settings.title }}</div>
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
const created: ThemeCreated = {
  type: 'ThemeCreated',
  data: { themeId: THEME, name: 'Summer', role: 'DRAFT', source: 'DEFAULT', sourceThemeId: null, files },
}
const index = parseTemplate(files.find((f) => f.path === 'templates/index.json')!.content)!

const on = { themeId: THEME, template: 'index' }
const addSection = (
  sectionType: string,
  settings: Record<string, unknown> = {},
  extra: Partial<{ sectionId: string; position: number | null; template: string; preset: string | null }> = {},
): ThemeSectionCommand => ({
  type: 'ThemeSectionAdd',
  data: { ...on, sectionId: 'promo_1', sectionType, settings, position: null, preset: null, ...extra },
})
const addBlock = (
  blockType: string,
  settings: Record<string, unknown> = {},
  extra: Partial<{ blockId: string; sectionId: string; position: number | null }> = {},
): ThemeSectionCommand => ({
  type: 'ThemeBlockAdd',
  data: { ...on, sectionId: 'story', blockId: 'b_1', blockType, settings, position: null, ...extra },
})

/** Runs a command on the given history and answers the events and the template they wrote. */
function run(
  history: readonly ThemeEvent[],
  command: ThemeSectionCommand,
): { events: ThemeSectionEvent[]; template: TemplateJson } {
  const events = themeSectionsDecider.decide(command, fold(themeSectionsDecider, history), ctx) as ThemeSectionEvent[]
  return { events, template: parseTemplate(events[0]!.data.file.content)! }
}

const promoAdded = run([created], addSection('promo', { title: 'Half price' })).events

describe('themeSectionAdd', () => {
  it('adds a section with the given settings at the end, rewriting templates/index.json', () => {
    const next: TemplateJson = {
      ...index,
      sections: { ...index.sections, promo_1: { type: 'promo', settings: { title: 'Half price' } } },
      order: [...index.order, 'promo_1'],
    }
    spec
      .given([created])
      .when(addSection('promo', { title: 'Half price' }))
      .then([
        {
          type: 'ThemeSectionAdded',
          data: {
            ...on,
            sectionId: 'promo_1',
            type: 'promo',
            settings: { title: 'Half price' },
            position: 3,
            preset: null,
            file: templateFile('index', next),
          },
        },
      ])
  })

  it('inserts at a position; nulls are left to the defaults', () => {
    const { events, template } = run([created], addSection('promo', { boxed: null }, { position: 1 }))
    expect(template.order).toEqual(['banner', 'promo_1', 'featured', 'story'])
    expect(events[0]!.data).toMatchObject({ position: 1, settings: {} })
  })

  it('creates a section group on its first section', () => {
    const { events, template } = run([created], addSection('header', {}, { template: 'group:header' }))
    expect(events[0]!.data.file.path).toBe('sections/header-group.json')
    expect(template).toEqual({
      type: 'header',
      name: 'Header group',
      sections: { promo_1: { type: 'header', settings: {} } },
      order: ['promo_1'],
    })
  })

  it('refuses an unknown section type, naming the types the theme has', () => {
    spec
      .given([created])
      .when(addSection('carousel'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "no section type 'carousel'" })
  })

  it('refuses an unknown setting id and a value of the wrong type at input.settings.<id>', () => {
    spec
      .given([created])
      .when(addSection('promo', { subtitle: 'x' }))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'settings', 'subtitle'],
        message: "there is no setting 'subtitle'",
      })
    spec
      .given([created])
      .when(addSection('promo', { boxed: 'yes' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'boxed'], message: 'checkbox' })
    spec
      .given([created])
      .when(addSection('plain', { title: 'x' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'title'], message: 'known settings: none' })
  })

  it("keeps a schema's limit per template and 25 sections per template", () => {
    spec
      .given([created, ...promoAdded])
      .when(addSection('promo', {}, { sectionId: 'promo_2' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'at most 1 time' })
    const full: TemplateJson = {
      sections: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`s${i}`, { type: 'plain' }])),
      order: Array.from({ length: 25 }, (_, i) => `s${i}`),
    }
    const fullEvent: ThemeEvent = { type: 'ThemeFileChanged', data: { themeId: THEME, ...templateFile('index', full) } }
    spec
      .given([created, fullEvent])
      .when(addSection('plain'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'at most 25 sections' })
  })

  it('starts from a preset: its blocks with ids by type and position, its settings under the ones given', () => {
    const { events, template } = run(
      [created],
      addSection('rich-text', { alignment: 'right' }, { sectionId: 'rt', preset: 'Rich text' }),
    )
    expect(events[0]!.data).toMatchObject({ sectionId: 'rt', preset: 'Rich text', settings: { alignment: 'right' } })
    expect(template.sections.rt).toEqual({
      type: 'rich-text',
      settings: { alignment: 'right' },
      blocks: { heading_1: { type: 'heading', settings: {} }, text_2: { type: 'text', settings: {} } },
      block_order: ['heading_1', 'text_2'],
    })
    spec
      .given([created])
      .when(addSection('rich-text', {}, { preset: 'Hero' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'preset'], message: "its presets are 'Rich text'" })
    spec
      .given([created])
      .when(addSection('promo', {}, { preset: 'Any' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'preset'], message: 'has no presets' })
  })

  it("keeps a section where its schema's enabled_on and disabled_on allow it", () => {
    expect(run([created], addSection('placed', {}, { template: 'product' })).events).toHaveLength(1)
    expect(run([created], addSection('placed', {}, { template: 'group:footer' })).events).toHaveLength(1)
    spec
      .given([created])
      .when(addSection('placed'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "not enabled on template 'index'" })
    spec
      .given([created])
      .when(addSection('placed', {}, { template: '404' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'disabled on' })
    spec
      .given([created])
      .when(addSection('placed', {}, { template: 'group:header' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'] })
    expect(run([created], addSection('templates-only')).events).toHaveLength(1)
    spec
      .given([created])
      .when(addSection('templates-only', {}, { template: 'group:footer' }))
      .thenFails({ code: 'BAD_USER_INPUT', message: "not enabled on section group 'group:footer'" })
  })

  it('refuses a taken id with CONFLICT, a missing template or theme with NOT_FOUND', () => {
    spec
      .given([created])
      .when(addSection('promo', {}, { sectionId: 'banner' }))
      .thenFails({ code: 'CONFLICT', field: ['input', 'id'] })
    spec
      .given([created])
      .when(addSection('promo', {}, { template: 'page.about' }))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'template'], message: 'templates/page.about.json' })
    spec
      .given([])
      .when(addSection('promo'))
      .thenFails({ code: 'NOT_FOUND', message: `theme '${THEME}'` })
    spec
      .given([created, { type: 'ThemeDeleted', data: { themeId: THEME, role: 'DRAFT' } }])
      .when(addSection('promo'))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('themeSectionUpdate', () => {
  const update = (
    settings: Record<string, unknown>,
    sectionId = 'promo_1',
    disabled: boolean | null = null,
  ): ThemeSectionCommand => ({
    type: 'ThemeSectionUpdate',
    data: { ...on, sectionId, settings, disabled },
  })

  it('changes the given settings, resets nulls, and records the ids that changed', () => {
    const { events, template } = run([created, ...promoAdded], update({ title: null, boxed: true }))
    expect(events[0]).toMatchObject({
      type: 'ThemeSectionSettingsChanged',
      data: { sectionId: 'promo_1', settings: { boxed: true }, changed: ['title', 'boxed'] },
    })
    expect(template.sections.promo_1).toEqual({ type: 'promo', settings: { boxed: true } })
  })

  it('records nothing when nothing changes', () => {
    spec
      .given([created, ...promoAdded])
      .when(update({ title: 'Half price' }))
      .then([])
  })

  it('hides and shows a section; hiding a hidden one records nothing', () => {
    const hidden = run([created, ...promoAdded], update({}, 'promo_1', true))
    expect(hidden.events.map((e) => e.type)).toEqual(['ThemeSectionDisabled'])
    expect(hidden.template.sections.promo_1).toEqual({
      type: 'promo',
      settings: { title: 'Half price' },
      disabled: true,
    })
    spec
      .given([created, ...promoAdded, ...hidden.events])
      .when(update({}, 'promo_1', true))
      .then([])
    const both = themeSectionsDecider.decide(
      update({ boxed: true }, 'promo_1', false),
      fold(themeSectionsDecider, [created, ...promoAdded, ...hidden.events]),
      ctx,
    ) as ThemeSectionEvent[]
    expect(both.map((e) => e.type)).toEqual(['ThemeSectionSettingsChanged', 'ThemeSectionEnabled'])
    expect(parseTemplate(both[1]!.data.file.content)!.sections.promo_1).toEqual({
      type: 'promo',
      settings: { title: 'Half price', boxed: true },
    })
  })

  it('refuses unknown ids, wrong types and unknown sections', () => {
    spec
      .given([created, ...promoAdded])
      .when(update({ colour: '#fff' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'colour'] })
    spec
      .given([created])
      .when(update({ alignment: 'middle' }, 'story'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'alignment'], message: 'left, center, right' })
    spec
      .given([created])
      .when(update({ title: 'x' }, 'nope'))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'sectionId'], message: 'banner, featured, story' })
  })
})

describe('themeSectionRemove', () => {
  it('removes the section and its place in the order', () => {
    const { events, template } = run([created], { type: 'ThemeSectionRemove', data: { ...on, sectionId: 'featured' } })
    expect(events[0]).toMatchObject({
      type: 'ThemeSectionRemoved',
      data: { sectionId: 'featured', type: 'featured-collection' },
    })
    expect(template.order).toEqual(['banner', 'story'])
    expect(template.sections.featured).toBeUndefined()
  })

  it('refuses an unknown section', () => {
    spec
      .given([created])
      .when({ type: 'ThemeSectionRemove', data: { ...on, sectionId: 'nope' } })
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'sectionId'] })
  })
})

describe('themeSectionsReorder', () => {
  const reorder = (sectionIds: string[]): ThemeSectionCommand => ({
    type: 'ThemeSectionsReorder',
    data: { ...on, sectionIds },
  })

  it('puts the listed sections first; the same order records nothing', () => {
    const { events, template } = run([created], reorder(['story']))
    expect(events[0]).toMatchObject({
      type: 'ThemeSectionsReordered',
      data: { order: ['story', 'banner', 'featured'] },
    })
    expect(template.order).toEqual(['story', 'banner', 'featured'])
    spec
      .given([created])
      .when(reorder(['banner', 'featured']))
      .then([])
  })

  it('refuses unknown and repeated ids at their index', () => {
    spec
      .given([created])
      .when(reorder(['story', 'nope']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sectionIds', 1], message: 'banner, featured, story' })
    spec
      .given([created])
      .when(reorder(['story', 'story']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sectionIds', 1], message: 'listed twice' })
  })
})

describe('themeBlockAdd', () => {
  it('adds a block with its settings at the end of block_order', () => {
    const { events, template } = run([created], addBlock('button', { label: 'Read more', link: '/pages/about' }))
    expect(events).toEqual([
      {
        type: 'ThemeBlockAdded',
        data: {
          ...on,
          sectionId: 'story',
          blockId: 'b_1',
          type: 'button',
          settings: { label: 'Read more', link: '/pages/about' },
          position: 2,
          file: events[0]!.data.file,
        },
      },
    ])
    expect(template.sections.story!.blocks!.b_1).toEqual({
      type: 'button',
      settings: { label: 'Read more', link: '/pages/about' },
    })
    expect(template.sections.story!.block_order).toEqual(['heading-1', 'text-1', 'b_1'])
  })

  it('inserts at a position', () => {
    expect(run([created], addBlock('heading', {}, { position: 0 })).template.sections.story!.block_order).toEqual([
      'b_1',
      'heading-1',
      'text-1',
    ])
  })

  it('refuses a block type the schema does not declare, and blocks in a section without blocks', () => {
    spec
      .given([created])
      .when(addBlock('video'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'heading, text, button' })
    spec
      .given([created])
      .when(addBlock('heading', {}, { sectionId: 'banner' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'takes no blocks' })
  })

  it('refuses a block setting the block type does not have, or of the wrong type', () => {
    spec
      .given([created])
      .when(addBlock('button', { heading: 'x' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'heading'] })
    spec
      .given([created])
      .when(addBlock('button', { link: 'javascript:alert(1)' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'link'], message: 'must be a URL' })
  })

  it("keeps max_blocks and each block type's limit", () => {
    const badge = run([created, ...promoAdded], { ...addBlock('badge', {}, { sectionId: 'promo_1' }) }).events
    spec
      .given([created, ...promoAdded, ...badge])
      .when(addBlock('badge', {}, { sectionId: 'promo_1', blockId: 'b_2' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "at most 1 'badge'" })
    const line = run(
      [created, ...promoAdded, ...badge],
      addBlock('line', {}, { sectionId: 'promo_1', blockId: 'b_2' }),
    ).events
    spec
      .given([created, ...promoAdded, ...badge, ...line])
      .when(addBlock('line', {}, { sectionId: 'promo_1', blockId: 'b_3' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'at most 2 blocks' })
  })

  it('holds at most 50 blocks even where the schema says nothing', () => {
    const many: TemplateJson = {
      sections: {
        s: {
          type: 'promo-free',
          blocks: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`b${i}`, { type: 'line' }])),
        },
      },
      order: ['s'],
    }
    const free = themeFile('sections/promo-free.liquid', PROMO.replace('"limit": 1,\n  "max_blocks": 2,', ''))
    const history: ThemeEvent[] = [
      created,
      { type: 'ThemeFileCreated', data: { themeId: THEME, ...free } },
      { type: 'ThemeFileChanged', data: { themeId: THEME, ...templateFile('index', many) } },
    ]
    spec
      .given(history)
      .when(addBlock('line', {}, { sectionId: 's' }))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'at most 50 blocks' })
  })

  it('refuses a taken block id with CONFLICT and an unknown section with NOT_FOUND', () => {
    spec
      .given([created])
      .when(addBlock('heading', {}, { blockId: 'text-1' }))
      .thenFails({ code: 'CONFLICT', field: ['input', 'id'] })
    spec
      .given([created])
      .when(addBlock('heading', {}, { sectionId: 'nope' }))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'sectionId'] })
  })
})

describe('themeBlockUpdate', () => {
  const update = (
    settings: Record<string, unknown>,
    blockId = 'heading-1',
    disabled: boolean | null = null,
  ): ThemeSectionCommand => ({
    type: 'ThemeBlockUpdate',
    data: { ...on, sectionId: 'story', blockId, settings, disabled },
  })

  it('changes block settings; the same values record nothing', () => {
    const { events, template } = run([created], update({ heading: 'Made by hand' }))
    expect(events[0]).toMatchObject({
      type: 'ThemeBlockSettingsChanged',
      data: { blockId: 'heading-1', settings: { heading: 'Made by hand' }, changed: ['heading'] },
    })
    expect(template.sections.story!.blocks!['heading-1']!.settings).toEqual({ heading: 'Made by hand' })
    spec
      .given([created])
      .when(update({ heading: 'Our story' }))
      .then([])
  })

  it('hides and shows a block', () => {
    const hidden = run([created], update({}, 'text-1', true))
    expect(hidden.events).toMatchObject([
      { type: 'ThemeBlockDisabled', data: { sectionId: 'story', blockId: 'text-1' } },
    ])
    expect(hidden.template.sections.story!.blocks!['text-1']).toMatchObject({ type: 'text', disabled: true })
    spec
      .given([created, ...hidden.events])
      .when(update({}, 'text-1', true))
      .then([])
    const shown = run([created, ...hidden.events], update({}, 'text-1', false))
    expect(shown.events.map((e) => e.type)).toEqual(['ThemeBlockEnabled'])
    expect(shown.template.sections.story!.blocks!['text-1']!.disabled).toBeUndefined()
  })

  it('refuses settings of another block type and unknown blocks', () => {
    spec
      .given([created])
      .when(update({ text: '<p>x</p>' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'text'] })
    spec
      .given([created])
      .when(update({ heading: 'x' }, 'nope'))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'blockId'], message: 'heading-1, text-1' })
  })
})

describe('themeBlockRemove', () => {
  it('removes the block and its place in block_order', () => {
    const { events, template } = run([created], {
      type: 'ThemeBlockRemove',
      data: { ...on, sectionId: 'story', blockId: 'heading-1' },
    })
    expect(events[0]).toMatchObject({ type: 'ThemeBlockRemoved', data: { blockId: 'heading-1', type: 'heading' } })
    expect(template.sections.story).toMatchObject({ blocks: { 'text-1': { type: 'text' } }, block_order: ['text-1'] })
  })

  it('refuses an unknown block', () => {
    spec
      .given([created])
      .when({ type: 'ThemeBlockRemove', data: { ...on, sectionId: 'story', blockId: 'nope' } })
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'blockId'] })
  })
})

describe('themeBlocksReorder', () => {
  const reorder = (blockIds: string[]): ThemeSectionCommand => ({
    type: 'ThemeBlocksReorder',
    data: { ...on, sectionId: 'story', blockIds },
  })

  it('puts the listed blocks first; the same order records nothing', () => {
    const { events, template } = run([created], reorder(['text-1']))
    expect(events[0]).toMatchObject({ type: 'ThemeBlocksReordered', data: { blockOrder: ['text-1', 'heading-1'] } })
    expect(template.sections.story!.block_order).toEqual(['text-1', 'heading-1'])
    spec
      .given([created])
      .when(reorder(['heading-1']))
      .then([])
  })

  it('refuses unknown and repeated ids', () => {
    spec
      .given([created])
      .when(reorder(['x']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'blockIds', 0] })
    spec
      .given([created])
      .when(reorder(['text-1', 'text-1']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'blockIds', 1] })
  })
})

describe('the theme state', () => {
  it('follows section events: the template file is the one the last event wrote', () => {
    const state = fold(themeSectionsDecider, [created, ...promoAdded])
    expect(state.kind === 'existing' && state.theme.files['templates/index.json']).toEqual(promoAdded[0]!.data.file)
  })
})
