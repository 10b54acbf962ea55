import { describe, expect, it } from 'vitest'
import { fold } from '../../shared/event.js'
import type { ThemeEvent } from './events.js'
import type { ThemeSectionCommand } from './sections-commands.js'
import { themeSectionsDecider } from './sections-prepare.js'
import type { ThemeSectionEvent } from './sections-events.js'
import { parseTemplate, templateFile, type TemplateJson } from './sections-template.js'
import {
  THEME,
  ctx,
  spec,
  created,
  index,
  on,
  addSection,
  promoAdded,
  run,
  givenTheme,
} from '../../../test/support/theme-sections.js'

describe('themeSectionAdd', () => {
  it('adds a section with the given settings at the end, rewriting templates/index.json', () => {
    const next: TemplateJson = {
      ...index,
      sections: { ...index.sections, promo_1: { type: 'promo', settings: { title: 'Half price' } } },
      order: [...index.order, 'promo_1'],
    }
    givenTheme.when(addSection('promo', { title: 'Half price' })).then([
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
    givenTheme
      .when(addSection('carousel'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "no section type 'carousel'" })
  })

  it('refuses an unknown setting id and a value of the wrong type at input.settings.<id>', () => {
    givenTheme.when(addSection('promo', { subtitle: 'x' })).thenFails({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'subtitle'],
      message: "there is no setting 'subtitle'",
    })
    givenTheme
      .when(addSection('promo', { boxed: 'yes' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'boxed'], message: 'checkbox' })
    givenTheme
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
    givenTheme
      .when(addSection('rich-text', {}, { preset: 'Hero' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'preset'], message: "its presets are 'Rich text'" })
    givenTheme
      .when(addSection('promo', {}, { preset: 'Any' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'preset'], message: 'has no presets' })
  })

  it("keeps a section where its schema's enabled_on and disabled_on allow it", () => {
    expect(run([created], addSection('placed', {}, { template: 'product' })).events).toHaveLength(1)
    expect(run([created], addSection('placed', {}, { template: 'group:footer' })).events).toHaveLength(1)
    givenTheme
      .when(addSection('placed'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "not enabled on template 'index'" })
    givenTheme
      .when(addSection('placed', {}, { template: '404' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'disabled on' })
    givenTheme
      .when(addSection('placed', {}, { template: 'group:header' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'] })
    expect(run([created], addSection('templates-only')).events).toHaveLength(1)
    givenTheme
      .when(addSection('templates-only', {}, { template: 'group:footer' }))
      .thenFails({ code: 'BAD_USER_INPUT', message: "not enabled on section group 'group:footer'" })
  })

  it('refuses a taken id with CONFLICT, a missing template or theme with NOT_FOUND', () => {
    givenTheme
      .when(addSection('promo', {}, { sectionId: 'banner' }))
      .thenFails({ code: 'CONFLICT', field: ['input', 'id'] })
    givenTheme
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
    givenTheme
      .when(update({ alignment: 'middle' }, 'story'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'alignment'], message: 'left, center, right' })
    givenTheme
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
    givenTheme
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
    givenTheme.when(reorder(['banner', 'featured'])).then([])
  })

  it('refuses unknown and repeated ids at their index', () => {
    givenTheme
      .when(reorder(['story', 'nope']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sectionIds', 1], message: 'banner, featured, story' })
    givenTheme
      .when(reorder(['story', 'story']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sectionIds', 1], message: 'listed twice' })
  })
})
