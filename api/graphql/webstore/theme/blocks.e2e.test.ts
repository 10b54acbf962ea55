import { describe, expect, it } from 'vitest'
import { defaultThemeFiles } from '../../../../domain/webstore/theme/default-theme.js'
import { themeLiquid } from '../../../../domain/webstore/theme/liquid.js'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { PAYLOAD_FIELDS, sectionsApi, useSectionsTheme } from '../../../../test/support/theme-sections-api.js'

// Theme blocks through GraphQL (added, updated, hidden, limited, reordered, removed), template reads, the audit log, and access.

const t = useTestApp()
const shop = useTenant(t, 'theme-blocks')
const other = useTenant(t, 'theme-blocks-other')
const theme = useSectionsTheme(t, shop)

const { ok, fails, template, sectionOf } = sectionsApi(() => ({ t, shop, themeId: theme.id }))

/** A block as a write answers it while it is shown. */
const shownBlock = (id: string, type: string, settings: Record<string, unknown>) => ({
  id,
  type,
  disabled: false,
  settings,
})

describe('a block setting added through the API', () => {
  it("appears in the section's render data and in the HTML its Liquid renders", async () => {
    const added = await ok('themeBlockAdd', {
      sectionId: 'story',
      type: 'heading',
      id: 'api-heading',
      settings: { heading: 'Hand-made in Lyon' },
    })
    expect(added.block).toEqual(shownBlock('api-heading', 'heading', { heading: 'Hand-made in Lyon' }))
    expect(added.eventPosition).toMatch(/^\d+-\d+$/)

    const story = await sectionOf('story')
    const rendered = story!.renderData.blocks.find((b) => b.id === 'api-heading')
    expect(rendered).toEqual({
      id: 'api-heading',
      type: 'heading',
      settings: { heading: 'Hand-made in Lyon' },
      shopify_attributes: 'data-block-id="api-heading" data-block-type="heading"',
    })

    const source = defaultThemeFiles().find((f) => f.path === 'sections/rich-text.liquid')!.content
    const html = await themeLiquid().parseAndRender(source, { section: story!.renderData })
    expect(html).toContain('<h2 data-block-id="api-heading" data-block-type="heading">Hand-made in Lyon</h2>')

    const file = await t.gql<{ theme: { file: { content: string } } }>(
      shop.apiKey,
      'query($id: ID!) { theme(id: $id) { file(path: "templates/index.json") { content } } }',
      { id: theme.id },
    )
    expect(JSON.parse(file.data!.theme.file.content).sections.story.blocks['api-heading']).toEqual({
      type: 'heading',
      settings: { heading: 'Hand-made in Lyon' },
    })
  })
})

describe('blocks', () => {
  it('updates block settings and refuses unknown ones', async () => {
    const updated = await ok('themeBlockUpdate', {
      sectionId: 'story',
      blockId: 'text-1',
      settings: { text: '<p>Since 1999</p>' },
    })
    expect(updated.block).toEqual(shownBlock('text-1', 'text', { text: '<p>Since 1999</p>' }))
    expect(updated.section!.renderData.blocks.find((b) => b.id === 'text-1')!.settings).toEqual({
      text: '<p>Since 1999</p>',
    })
    await fails(
      'themeBlockUpdate',
      { sectionId: 'story', blockId: 'text-1', settings: { heading: 'x' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'heading'] },
    )
    await fails(
      'themeBlockUpdate',
      { sectionId: 'story', blockId: 'ghost', settings: { text: 'x' } },
      { code: 'NOT_FOUND', field: ['input', 'blockId'] },
    )
  })

  it('hides a block: it stays in the section and leaves renderData', async () => {
    const hidden = await ok('themeBlockUpdate', { sectionId: 'story', blockId: 'heading-1', disabled: true })
    expect(hidden.block!.disabled).toBe(true)
    expect(hidden.section!.renderData.blocks.map((b) => b.id)).not.toContain('heading-1')
    const shown = await ok('themeBlockUpdate', { sectionId: 'story', blockId: 'heading-1', disabled: false })
    expect(shown.section!.renderData.blocks.map((b) => b.id)).toContain('heading-1')
  })

  it('refuses a block type the section does not declare, and a block setting of the wrong type', async () => {
    await fails(
      'themeBlockAdd',
      { sectionId: 'story', type: 'video' },
      { code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'heading, text, button' },
    )
    await fails(
      'themeBlockAdd',
      { sectionId: 'story', type: 'button', settings: { link: 42 } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'link'] },
    )
    await fails(
      'themeBlockAdd',
      { sectionId: 'banner', type: 'heading' },
      { code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'takes no blocks' },
    )
  })

  it("keeps a block type's limit and the section's max_blocks", async () => {
    await ok('themeBlockAdd', { sectionId: 'story', type: 'button', id: 'button-1' })
    await ok('themeBlockAdd', { sectionId: 'story', type: 'button', id: 'button-2' })
    await fails(
      'themeBlockAdd',
      { sectionId: 'story', type: 'button' },
      { code: 'BAD_USER_INPUT', field: ['input', 'type'], message: "at most 2 'button'" },
    )
    // The story section now has 5 blocks; rich-text allows 10.
    for (let i = 0; i < 5; i++) await ok('themeBlockAdd', { sectionId: 'story', type: 'text', id: `more-${i}` })
    await fails(
      'themeBlockAdd',
      { sectionId: 'story', type: 'text' },
      { code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'at most 10 blocks' },
    )
    // Seven writes, each waiting for the read models: give a loaded database room.
  }, 120_000)

  it('reorders and removes blocks', async () => {
    const reordered = await ok('themeBlocksReorder', { sectionId: 'story', blockIds: ['button-1', 'api-heading'] })
    expect(reordered.section!.blocks.map((b) => b.id).slice(0, 3)).toEqual(['button-1', 'api-heading', 'heading-1'])
    expect(reordered.section!.renderData.blocks[0]!.id).toBe('button-1')
    await fails(
      'themeBlocksReorder',
      { sectionId: 'story', blockIds: ['ghost'] },
      { code: 'BAD_USER_INPUT', field: ['input', 'blockIds', 0] },
    )
    const removed = await ok('themeBlockRemove', { sectionId: 'story', blockId: 'more-4' })
    expect(removed.deletedId).toBe('more-4')
    expect(removed.section!.blocks.map((b) => b.id)).not.toContain('more-4')
    await fails(
      'themeBlockRemove',
      { sectionId: 'story', blockId: 'more-4' },
      { code: 'NOT_FOUND', field: ['input', 'blockId'] },
    )
  })
})

describe('reads', () => {
  it('answers null for a template the theme does not have, BAD_USER_INPUT for a name that is none', async () => {
    expect(await template('page.about')).toBeNull()
    const bad = await t.gql(shop.apiKey, 'query($id: ID!) { theme(id: $id) { template(name: "../x") { name } } }', {
      id: theme.id,
    })
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['name'] })
  })

  it('records each change in the audit log under the theme', async () => {
    const log = await t.gql<{ auditLog: { nodes: { type: string; entityType: string; entityId: string }[] } }>(
      shop.apiKey,
      'query($id: ID!) { auditLog(filter: {entityId: $id, eventType: "ThemeBlockAdded"}, first: 50) { nodes { type entityType entityId } } }',
      { id: theme.id },
    )
    expect(log.errors).toBeUndefined()
    expect(log.data!.auditLog.nodes.length).toBeGreaterThanOrEqual(1)
    expect(log.data!.auditLog.nodes[0]).toEqual({ type: 'ThemeBlockAdded', entityType: 'theme', entityId: theme.id })
  })
})

describe('access', () => {
  it("answers NOT_FOUND for another tenant's theme, as for one that does not exist", async () => {
    for (const name of Object.keys(PAYLOAD_FIELDS)) {
      const input = {
        sectionId: 'story',
        blockId: 'heading-1',
        type: 'heading',
        settings: {},
        sectionIds: ['story'],
        blockIds: ['heading-1'],
      }
      const fields = Object.fromEntries(Object.entries(input).filter(([key]) => INPUT_FIELDS[name]!.includes(key)))
      await fails(
        name,
        fields,
        { code: 'NOT_FOUND', message: `theme '${theme.id}' does not exist in this store` },
        other.apiKey,
      )
    }
  })

  it('refuses a key without webstore:write with FORBIDDEN', async () => {
    const readOnly = await t.key('theme-blocks', ['webstore:read'])
    await fails('themeBlockAdd', { sectionId: 'story', type: 'heading' }, { code: 'FORBIDDEN' }, readOnly)
    const noRead = await t.key('theme-blocks', ['products:read'])
    const read = await t.gql(noRead, `query($id: ID!) { theme(id: $id) { template(name: "index") { name } } }`, {
      id: theme.id,
    })
    expect(read.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
  })
})

/** Which of the shared test fields each mutation takes. */
const INPUT_FIELDS: Record<string, string[]> = {
  themeSectionAdd: ['type', 'settings'],
  themeSectionUpdate: ['sectionId', 'settings'],
  themeSectionRemove: ['sectionId'],
  themeSectionsReorder: ['sectionIds'],
  themeBlockAdd: ['sectionId', 'type', 'settings'],
  themeBlockUpdate: ['sectionId', 'blockId', 'settings'],
  themeBlockRemove: ['sectionId', 'blockId'],
  themeBlocksReorder: ['sectionId', 'blockIds'],
}
