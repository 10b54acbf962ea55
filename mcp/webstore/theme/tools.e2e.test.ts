import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, useMcpShop } from '../../../test/support/mcp.js'
import { untilMainTheme } from '../../../test/support/themes.js'
import type { ThemeDetailView as ThemeJson } from '../../../app/webstore/theme/view.js'

const t = useTestApp()
const mcp = useMcpShop(t, 'theme-tools', async ({ tenant }) => ({ main: await untilMainTheme(t, tenant.apiKey) }))

describe('theme tools', () => {
  it('get_theme answers the main theme without an id, and get_theme_file a content', async () => {
    const theme = await callTool<ThemeJson>(mcp.client, 'get_theme')
    expect(theme.data).toMatchObject({
      id: mcp.main.id,
      role: 'MAIN',
      settings: expect.objectContaining({ page_width: 1200 }),
    })
    expect(theme.data.files.map((f) => f.path)).toContain('sections/header.liquid')
    const file = await callTool<{ content: string }>(mcp.client, 'get_theme_file', {
      themeId: mcp.main.id,
      path: 'snippets/price.liquid',
    })
    expect(file.data.content).toContain('money')
    expect(
      (await callToolError(mcp.client, 'get_theme_file', { themeId: mcp.main.id, path: 'snippets/none.liquid' })).code,
    ).toBe('NOT_FOUND')
  })

  it('create, change, publish and delete through the generated write tools', async () => {
    const created = await callTool<ThemeJson>(mcp.client, 'create_theme', { name: 'Agent theme' })
    expect(created.data).toMatchObject({ name: 'Agent theme', role: 'DRAFT' })
    const refused = await callToolError(mcp.client, 'upsert_theme_file', {
      themeId: created.data.id,
      path: 'snippets/x.liquid',
      content: '{% if %}',
    })
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'content'] })
    await callTool(mcp.client, 'update_theme_settings', { id: created.data.id, settings: { color_accent: '#123456' } })
    const published = await callTool<ThemeJson>(mcp.client, 'publish_theme', { id: created.data.id })
    expect(published.data.role).toBe('MAIN')
    const listed = await callTool<{ nodes: ThemeJson[] }>(mcp.client, 'list_themes', {
      filter: { role: ['UNPUBLISHED'] },
    })
    expect(listed.data.nodes.map((n) => n.id)).toContain(mcp.main.id)
    expect(await callToolError(mcp.client, 'delete_theme', { id: created.data.id, confirm: true })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('main theme'),
    })
    await callTool(mcp.client, 'publish_theme', { id: mcp.main.id })
    expect((await callTool(mcp.client, 'delete_theme', { id: created.data.id, confirm: true })).data).toMatchObject({
      deletedId: created.data.id,
    })
    expect((await callToolError(mcp.client, 'get_theme', { id: created.data.id })).code).toBe('NOT_FOUND')
  })
})

describe('create_theme_preview_link', () => {
  it('answers a link that shows the theme on the store host, and refuses bad input as the mutation does', async () => {
    const link = await callTool<{ url: string; expiresAt: string; themeId: string }>(
      mcp.client,
      'create_theme_preview_link',
      { themeId: mcp.main.id, expiresInSeconds: 600 },
    )
    expect(link.data.themeId).toBe(mcp.main.id)
    const url = new URL(link.data.url)
    expect(url.hostname).toBe('theme-tools.localhost')
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Previewing theme')
    expect(
      await callToolError(mcp.client, 'create_theme_preview_link', { themeId: mcp.main.id, expiresInSeconds: 10 }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'expiresInSeconds'] })
  })
})
