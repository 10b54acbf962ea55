import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultThemeFiles } from '../../../../domain/webstore/theme/default-theme.js'
import { themeLiquid } from '../../../../domain/webstore/theme/liquid.js'
import { startTestApp, type GraphQLResponse, type Tenant, type TestApp } from '../../../../test/support/app.js'

let t: TestApp
let shop: Tenant
let other: Tenant
let themeId: string

type Block = { id: string; type: string; disabled: boolean; settings: Record<string, unknown> }
type Section = {
  id: string
  type: string
  disabled: boolean
  settings: Record<string, unknown>
  blocks: Block[]
  renderData: RenderData
}
type RenderData = {
  id: string
  settings: Record<string, unknown>
  blocks: { id: string; type: string; settings: Record<string, unknown>; shopify_attributes: string }[]
}
type Template = { name: string; path: string; sections: Section[] }
type Payload = {
  template: Template
  section?: Section
  block?: Block
  deletedId?: string
  eventPosition: string | null
  theme: { id: string }
}

const SECTION = 'id type disabled settings blocks { id type disabled settings } renderData'
const TEMPLATE = `name path sections { ${SECTION} }`
const PAYLOAD_FIELDS: Record<string, string> = {
  themeSectionAdd: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } eventPosition`,
  themeSectionUpdate: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } eventPosition`,
  themeSectionRemove: `theme { id } template { ${TEMPLATE} } deletedId eventPosition`,
  themeSectionsReorder: `theme { id } template { ${TEMPLATE} } eventPosition`,
  themeBlockAdd: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } block { id type disabled settings } eventPosition`,
  themeBlockUpdate: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } block { id type disabled settings } eventPosition`,
  themeBlockRemove: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } deletedId eventPosition`,
  themeBlocksReorder: `theme { id } template { ${TEMPLATE} } section { ${SECTION} } eventPosition`,
}

/** Runs one of the section mutations with `input` (themeId and template 'index' unless given). */
function mutate(
  name: string,
  input: Record<string, unknown>,
  key = shop.apiKey,
): Promise<GraphQLResponse<Record<string, Payload>>> {
  const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`
  return t.gql(key, `mutation($input: ${type}!) { ${name}(input: $input) { ${PAYLOAD_FIELDS[name]} } }`, {
    input: { themeId, template: 'index', ...input },
  })
}

async function ok(name: string, input: Record<string, unknown>): Promise<Payload> {
  const response = await mutate(name, input)
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined()
  return response.data![name]!
}

async function fails(
  name: string,
  input: Record<string, unknown>,
  expected: { code: string; field?: (string | number)[]; message?: string },
  key?: string,
): Promise<void> {
  const before = await template('index')
  const response = await mutate(name, input, key)
  expect(response.errors?.[0]?.extensions.code, JSON.stringify(response.errors)).toBe(expected.code)
  if (expected.field) expect(response.errors![0]!.extensions.field).toEqual(expected.field)
  if (expected.message) expect(response.errors![0]!.message).toContain(expected.message)
  // A failed command changes nothing.
  expect(await template('index')).toEqual(before)
}

async function template(name: string, key = shop.apiKey): Promise<Template | null> {
  const response = await t.gql<{ theme: { template: Template | null } }>(
    key,
    `query($id: ID!, $name: String!) { theme(id: $id) { template(name: $name) { ${TEMPLATE} } } }`,
    { id: themeId, name },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.theme.template
}

const sectionOf = async (id: string, name = 'index') => (await template(name))!.sections.find((s) => s.id === id)

beforeAll(async () => {
  t = await startTestApp()
  ;[shop, other] = [await t.tenant('sections'), await t.tenant('sections-other')]
  const created = await t.gql<{ themeCreate: { theme: { id: string } } }>(
    shop.apiKey,
    'mutation { themeCreate(input: {name: "Sections", role: UNPUBLISHED}) { theme { id } } }',
  )
  expect(created.errors).toBeUndefined()
  themeId = created.data!.themeCreate.theme.id
})

afterAll(() => t?.close())

describe('a block setting added through the API', () => {
  it("appears in the section's render data and in the HTML its Liquid renders", async () => {
    const added = await ok('themeBlockAdd', {
      sectionId: 'story',
      type: 'heading',
      id: 'api-heading',
      settings: { heading: 'Hand-made in Lyon' },
    })
    expect(added.block).toEqual({
      id: 'api-heading',
      type: 'heading',
      disabled: false,
      settings: { heading: 'Hand-made in Lyon' },
    })
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
      { id: themeId },
    )
    expect(JSON.parse(file.data!.theme.file.content).sections.story.blocks['api-heading']).toEqual({
      type: 'heading',
      settings: { heading: 'Hand-made in Lyon' },
    })
  })
})

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
      { id: themeId },
    )
    expect(groups.data!.theme.sectionGroups.map((g) => g.name)).toEqual(['group:header'])
    expect(groups.data!.theme.sectionGroups[0]!.sections[0]!.renderData.settings).toEqual({ menu: 'main-menu' })
  })

  it('refuses an unknown section type, setting id or value type, and a missing template', async () => {
    await fails(
      'themeSectionAdd',
      { type: 'carousel' },
      { code: 'BAD_USER_INPUT', field: ['input', 'type'], message: 'rich-text' },
    )
    await fails(
      'themeSectionAdd',
      { type: 'rich-text', settings: { colour: 'red' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'colour'], message: "no setting 'colour'" },
    )
    await fails(
      'themeSectionAdd',
      { type: 'rich-text', settings: { alignment: 'middle' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'alignment'] },
    )
    await fails(
      'themeSectionAdd',
      { type: 'featured-collection', settings: { products_to_show: 'four' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'products_to_show'] },
    )
    await fails(
      'themeSectionAdd',
      { type: 'rich-text', template: 'page.about' },
      { code: 'NOT_FOUND', field: ['input', 'template'] },
    )
    await fails(
      'themeSectionAdd',
      { type: 'rich-text', template: '../config/settings_data' },
      { code: 'BAD_USER_INPUT', field: ['input', 'template'] },
    )
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

  it('refuses an unknown setting, a wrong type and an unknown section', async () => {
    await fails(
      'themeSectionUpdate',
      { sectionId: 'banner', settings: { subtitle: 'x' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'subtitle'] },
    )
    await fails(
      'themeSectionUpdate',
      { sectionId: 'banner', settings: { button_link: 'not a url' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'button_link'], message: 'URL' },
    )
    await fails(
      'themeSectionUpdate',
      { sectionId: 'nope', settings: { heading: 'x' } },
      { code: 'NOT_FOUND', field: ['input', 'sectionId'] },
    )
    await fails(
      'themeSectionUpdate',
      { sectionId: 'featured', settings: { collection: 'no-such-collection' } },
      { code: 'BAD_USER_INPUT', field: ['input', 'settings', 'collection'], message: 'no collection' },
    )
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

describe('blocks', () => {
  it('updates block settings and refuses unknown ones', async () => {
    const updated = await ok('themeBlockUpdate', {
      sectionId: 'story',
      blockId: 'text-1',
      settings: { text: '<p>Since 1999</p>' },
    })
    expect(updated.block).toEqual({
      id: 'text-1',
      type: 'text',
      disabled: false,
      settings: { text: '<p>Since 1999</p>' },
    })
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
      id: themeId,
    })
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['name'] })
  })

  it('records each change in the audit log under the theme', async () => {
    const log = await t.gql<{ auditLog: { nodes: { type: string; entityType: string; entityId: string }[] } }>(
      shop.apiKey,
      'query($id: ID!) { auditLog(filter: {entityId: $id, eventType: "ThemeBlockAdded"}, first: 50) { nodes { type entityType entityId } } }',
      { id: themeId },
    )
    expect(log.errors).toBeUndefined()
    expect(log.data!.auditLog.nodes.length).toBeGreaterThanOrEqual(1)
    expect(log.data!.auditLog.nodes[0]).toEqual({ type: 'ThemeBlockAdded', entityType: 'theme', entityId: themeId })
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
        { code: 'NOT_FOUND', message: `theme '${themeId}' does not exist in this store` },
        other.apiKey,
      )
    }
  })

  it('refuses a key without webstore:write with FORBIDDEN', async () => {
    const readOnly = await t.key('sections', ['webstore:read'])
    await fails('themeBlockAdd', { sectionId: 'story', type: 'heading' }, { code: 'FORBIDDEN' }, readOnly)
    const noRead = await t.key('sections', ['products:read'])
    const read = await t.gql(noRead, `query($id: ID!) { theme(id: $id) { template(name: "index") { name } } }`, {
      id: themeId,
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
