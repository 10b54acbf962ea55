import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type Tenant } from '../../../test/support/app.js'
import { callTool, callToolError, connect, httpTransport, listenForMcp } from '../../../test/support/mcp.js'

type Template = {
  name: string
  sections: {
    id: string
    blocks: { id: string; settings: Record<string, unknown> }[]
    renderData: { blocks: { id: string; settings: Record<string, unknown> }[] }
  }[]
}

const t = useTestApp()
let shop: Tenant
let other: Tenant
let client: Client
let otherClient: Client
let themeId: string

beforeAll(async () => {
  ;[shop, other] = [await t.tenant('mcp-sections'), await t.tenant('mcp-sections-other')]
  const url = await listenForMcp(t)
  client = await connect(httpTransport(url, shop.apiKey))
  otherClient = await connect(httpTransport(url, other.apiKey))
  const created = await t.gql<{ themeCreate: { theme: { id: string } } }>(
    shop.apiKey,
    'mutation { themeCreate(input: {name: "Agent theme", role: UNPUBLISHED}) { theme { id } } }',
  )
  themeId = created.data!.themeCreate.theme.id
})

afterAll(async () => {
  await client?.close()
  await otherClient?.close()
})

describe('an agent editing a template', () => {
  it('adds a block with add_theme_block and reads it back, settings in renderData, with get_theme_template', async () => {
    const added = await callTool(client, 'add_theme_block', {
      themeId,
      template: 'index',
      sectionId: 'story',
      type: 'heading',
      id: 'agent-heading',
      settings: { heading: 'Written by an agent' },
    })
    expect(added.isError).toBe(false)
    const read = await callTool<Template>(client, 'get_theme_template', { themeId, template: 'index' })
    const story = read.data.sections.find((s) => s.id === 'story')!
    expect(story.blocks.map((b) => b.id)).toContain('agent-heading')
    expect(story.renderData.blocks.find((b) => b.id === 'agent-heading')!.settings).toEqual({
      heading: 'Written by an agent',
    })
  })

  it('lists section groups once one exists', async () => {
    expect(
      (await callTool<{ groups: Template[] }>(client, 'list_theme_section_groups', { themeId })).data.groups,
    ).toEqual([])
    await callTool(client, 'add_theme_section', { themeId, template: 'group:footer', type: 'footer' })
    const groups = (await callTool<{ groups: Template[] }>(client, 'list_theme_section_groups', { themeId })).data
      .groups
    expect(groups.map((g) => g.name)).toEqual(['group:footer'])
  })

  it("gets the field of a bad setting, and NOT_FOUND for a missing template or another tenant's theme", async () => {
    expect(
      await callToolError(client, 'update_theme_block', {
        themeId,
        template: 'index',
        sectionId: 'story',
        blockId: 'agent-heading',
        settings: { size: 3 },
      }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'size'],
    })
    expect(await callToolError(client, 'get_theme_template', { themeId, template: 'page.about' })).toMatchObject({
      code: 'NOT_FOUND',
      field: ['template'],
    })
    expect(await callToolError(otherClient, 'get_theme_template', { themeId, template: 'index' })).toMatchObject({
      code: 'NOT_FOUND',
      message: `theme '${themeId}' does not exist in this store`,
    })
    expect(
      await callToolError(otherClient, 'remove_theme_section', {
        themeId,
        template: 'index',
        sectionId: 'story',
        confirm: true,
      }),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })
})
