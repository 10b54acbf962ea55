import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, useMcpShop } from '../../../test/support/mcp.js'

type Template = {
  name: string
  sections: {
    id: string
    blocks: { id: string; settings: Record<string, unknown> }[]
    renderData: { blocks: { id: string; settings: Record<string, unknown> }[] }
  }[]
}

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-sections', async ({ tenant }) => {
  const created = await t.gql<{ themeCreate: { theme: { id: string } } }>(
    tenant.apiKey,
    'mutation { themeCreate(input: {name: "Agent theme", role: UNPUBLISHED}) { theme { id } } }',
  )
  return { themeId: created.data!.themeCreate.theme.id }
})
const other = useMcpShop(t, 'mcp-sections-other')

describe('an agent editing a template', () => {
  it('adds a block with add_theme_block and reads it back, settings in renderData, with get_theme_template', async () => {
    const { client, themeId } = mcp
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
    const { client, themeId } = mcp
    expect(
      (await callTool<{ groups: Template[] }>(client, 'list_theme_section_groups', { themeId })).data.groups,
    ).toEqual([])
    await callTool(client, 'add_theme_section', { themeId, template: 'group:footer', type: 'footer' })
    const groups = (await callTool<{ groups: Template[] }>(client, 'list_theme_section_groups', { themeId })).data
      .groups
    expect(groups.map((g) => g.name)).toEqual(['group:footer'])
  })

  it("gets the field of a bad setting, and NOT_FOUND for a missing template or another tenant's theme", async () => {
    const { client, themeId } = mcp
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
    expect(await callToolError(other.client, 'get_theme_template', { themeId, template: 'index' })).toMatchObject({
      code: 'NOT_FOUND',
      message: `theme '${themeId}' does not exist in this store`,
    })
    expect(
      await callToolError(other.client, 'remove_theme_section', {
        themeId,
        template: 'index',
        sectionId: 'story',
        confirm: true,
      }),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })
})
