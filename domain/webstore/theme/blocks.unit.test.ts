import { describe, expect, it } from 'vitest'
import { fold } from '../../shared/event.js'
import type { ThemeEvent } from './events.js'
import { themeFile } from './files.js'
import type { ThemeSectionCommand } from './sections-commands.js'
import { themeSectionsDecider } from './sections-prepare.js'
import { templateFile, type TemplateJson } from './sections-template.js'
import { THEME, spec, PROMO, created, on, addBlock, promoAdded, run } from '../../../test/support/theme-sections.js'

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
