import { describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { sectionsApi, TEMPLATE, useSectionsTheme, type Template } from '../../../../test/support/theme-sections-api.js'

// Theme sections through GraphQL: add (with presets and section groups), update, reorder and remove, and what each refuses.

const t = useTestApp()
const shop = useTenant(t, 'sections')
const theme = useSectionsTheme(t, shop)

const { ok, fails } = sectionsApi(() => ({ t, shop, themeId: theme.id }))

describe('themeSectionAdd', () => {
  it('adds a section at a position with its settings; renderData has the defaults of the rest', async () => {
    const added = await ok('themeSectionAdd', { type: 'rich-text', position: 1, settings: { alignment: 'left' } })
    expect(added.section).toMatchObject({ type: 'rich-text', settings: { alignment: 'left' }, blocks: [] })
    expect(added.section!.id).toMatch(/^rich_text_[0-9a-f]{8}$/)
    expect(added.template.sections.map((s) => s.id)).toEqual(['banner', added.section!.id, 'featured', 'story'])
    const banner = await ok('themeSectionAdd', { type: 'image-with-text', id: 'second-banner' })
    expect(banner.section!.renderData.settings).toEqual({ image_position: 'left', heading: 'Image with text' })
  })

  it("starts from a preset of the section's schema, blocks included", async () => {
    const added = await ok('themeSectionAdd', { type: 'rich-text', id: 'from-preset', preset: 'Rich text' })
    expect(added.section!.blocks.map((b) => [b.id, b.type])).toEqual([
      ['heading_1', 'heading'],
      ['text_2', 'text'],
    ])
    expect(added.section!.renderData.blocks[0]!.settings).toEqual({ heading: 'Talk about your brand' })
    await ok('themeSectionRemove', { sectionId: 'from-preset' })
    await fails(
      'themeSectionAdd',
      { type: 'rich-text', preset: 'Hero' },
      { code: 'BAD_USER_INPUT', field: ['input', 'preset'] },
    )
  })

  it('creates a section group on its first section, listed in sectionGroups', async () => {
    const added = await ok('themeSectionAdd', { template: 'group:header', type: 'header', id: 'header' })
    expect(added.template).toMatchObject({
      name: 'group:header',
      path: 'sections/header-group.json',
      sections: [{ id: 'header', type: 'header' }],
    })
    const groups = await t.gql<{ theme: { sectionGroups: Template[] } }>(
      shop.apiKey,
      `query($id: ID!) { theme(id: $id) { sectionGroups { ${TEMPLATE} } } }`,
      { id: theme.id },
    )
    expect(groups.data!.theme.sectionGroups.map((g) => g.name)).toEqual(['group:header'])
    expect(groups.data!.theme.sectionGroups[0]!.sections[0]!.renderData.settings).toEqual({ menu: 'main-menu' })
  })

  it.each([
    [
      'an unknown section type',
      { type: 'carousel' },
      { code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'rich-text' },
    ],
    [
      'an unknown setting id',
      { type: 'rich-text', settings: { colour: 'red' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'colour'], message: "no setting 'colour'" },
    ],
    [
      'a choice the setting does not offer',
      { type: 'rich-text', settings: { alignment: 'middle' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'alignment'] },
    ],
    [
      'a number setting given a word',
      { type: 'featured-collection', settings: { products_to_show: 'four' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'products_to_show'] },
    ],
    [
      'a missing template',
      { type: 'rich-text', template: 'page.about' },
      { code: 'NOT_FOUND', field: ['input', 'template'] },
    ],
    [
      'a template path outside templates/',
      { type: 'rich-text', template: '../config/settings_data' },
      { code: 'BAD_USER_INPUT', field: ['input', 'template'] },
    ],
  ])('refuses %s', async (_refusal, input, expected) => {
    await fails('themeSectionAdd', input, expected)
  })

  it('refuses an image that is not in the media library, and a taken id', async () => {
    await fails(
      'themeSectionAdd',
      { type: 'image-with-text', settings: { image: '01900000-0000-7000-8000-000000000abc' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'image'] },
    )
    await fails('themeSectionAdd', { type: 'rich-text', id: 'banner' }, { code: 'CONFLICT', field: ['input', 'id'] })
  })
})

describe('themeSectionUpdate', () => {
  it('changes settings; null goes back to the default', async () => {
    const updated = await ok('themeSectionUpdate', {
      sectionId: 'banner',
      settings: { heading: 'Summer sale', image_position: 'right' },
    })
    expect(updated.section!.settings).toMatchObject({ heading: 'Summer sale', image_position: 'right' })
    const reset = await ok('themeSectionUpdate', { sectionId: 'banner', settings: { image_position: null } })
    expect(reset.section!.settings.image_position).toBeUndefined()
    expect(reset.section!.renderData.settings.image_position).toBe('left')
    const same = await ok('themeSectionUpdate', { sectionId: 'banner', settings: { heading: 'Summer sale' } })
    expect(same.eventPosition).toBeNull()
  })

  it('hides a section and shows it again', async () => {
    const hidden = await ok('themeSectionUpdate', { sectionId: 'featured', disabled: true })
    expect(hidden.section).toMatchObject({ id: 'featured', disabled: true })
    const shown = await ok('themeSectionUpdate', { sectionId: 'featured', disabled: false })
    expect(shown.section!.disabled).toBe(false)
    await fails(
      'themeSectionUpdate',
      { sectionId: 'featured' },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings'], message: 'needs settings or disabled' },
    )
  })

  it.each([
    [
      'an unknown setting',
      { sectionId: 'banner', settings: { subtitle: 'x' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'subtitle'] },
    ],
    [
      'a link that is not a URL',
      { sectionId: 'banner', settings: { button_link: 'not a url' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'button_link'], message: 'URL' },
    ],
    [
      'an unknown section',
      { sectionId: 'nope', settings: { heading: 'x' } },
      { code: 'NOT_FOUND', field: ['input', 'sectionId'] },
    ],
    [
      'a collection the store does not have',
      { sectionId: 'featured', settings: { collection: 'no-such-collection' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'collection'], message: 'no collection' },
    ],
  ])('refuses %s', async (_refusal, input, expected) => {
    await fails('themeSectionUpdate', input, expected)
  })
})

describe('themeSectionsReorder and themeSectionRemove', () => {
  it('reorders: the listed sections first', async () => {
    const reordered = await ok('themeSectionsReorder', { sectionIds: ['story', 'featured'] })
    expect(reordered.template.sections.map((s) => s.id).slice(0, 3)).toEqual(['story', 'featured', 'banner'])
    expect(reordered.eventPosition).not.toBeNull()
  })

  it('refuses ids that are not sections of the template', async () => {
    await fails(
      'themeSectionsReorder',
      { sectionIds: ['story', 'ghost'] },
      { code: 'BAD_USER_INPUT', field: ['input', 'sectionIds', 1] },
    )
  })

  it('removes a section; removing it again is NOT_FOUND', async () => {
    const removed = await ok('themeSectionRemove', { sectionId: 'second-banner' })
    expect(removed.deletedId).toBe('second-banner')
    expect(removed.template.sections.map((s) => s.id)).not.toContain('second-banner')
    await fails(
      'themeSectionRemove',
      { sectionId: 'second-banner' },
      { code: 'NOT_FOUND', field: ['input', 'sectionId'] },
    )
  })
})
