import { beforeAll, describe, expect, it, vi } from 'vitest'
import { recordThemeRenderError, themeRenderErrors } from '../../../app/storefront/render-errors.js'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { callTool, listenForMcp, withMcpClient } from '../../../test/support/mcp.js'
import { ok } from '../../../test/support/menus.js'
import { visit } from '../../../test/support/storefront.js'
import { untilMainTheme, type ThemeView } from '../../../test/support/themes.js'

// A theme that tries to hurt the platform: its page answers the themed error page within the
// bound, other stores answer meanwhile, and the merchant sees the failure on the theme.

const BOMB = 'bomb-shop.localhost'
const CALM = 'calm-shop.localhost'
const FILE = 'mutation ($input: ThemeFileUpsertInput!) { themeFileUpsert(input: $input) { eventPosition } }'
const PAGE = 'mutation ($input: PageCreateInput!) { pageCreate(input: $input) { eventPosition } }'
const RENDER_ERRORS = 'query ($id: ID!) { theme(id: $id) { renderErrors { at path template message } } }'
/** Loops nested past every bound: liquidjs' memory limit refuses the outer range at once. */
const RANGE_BOMB = '{% for i in (1..100000000) %}{% for j in (1..1000) %}x{% endfor %}{% endfor %}'
/**
 * Loops that stay under the memory and output bounds long past 2 s, so the render limit stops
 * them. The outer range stays small: liquidjs builds a range's array before any time check.
 */
const TIME_BOMB = '{% for i in (1..100000) %}{% for j in (1..1000) %}{% endfor %}{% endfor %}'

type RenderErrorView = { at: string; path: string; template: string; message: string }

const t = useTestApp()
const bomb = useTenant(t, 'bomb-shop')
const calm = useTenant(t, 'calm-shop')
let bombTheme: ThemeView

const upsert = (path: string, content: string) =>
  ok(t, bomb.apiKey, FILE, { themeId: bombTheme.id, path, content }, 'themeFileUpsert')

async function renderErrorsOf(apiKey: string, themeId: string) {
  return t.gql<{ theme: { renderErrors: RenderErrorView[] } | null }>(apiKey, RENDER_ERRORS, { id: themeId })
}

beforeAll(async () => {
  bombTheme = await untilMainTheme(t, bomb.apiKey)
  await untilMainTheme(t, calm.apiKey)
  await upsert('templates/page.json', '{"sections":{"main":{"type":"main-page"}},"order":["main"]}')
  await ok(t, bomb.apiKey, PAGE, { title: 'Loop', handle: 'loop', status: 'PUBLISHED' }, 'pageCreate')
})

describe('a loop bomb in a section', () => {
  it('answers the themed error page at once when a range passes the memory bound, and records it on the theme', async () => {
    await upsert('sections/main-page.liquid', RANGE_BOMB)
    const started = Date.now()
    const response = await visit(t, BOMB, '/pages/loop')
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(response.statusCode).toBe(500)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['retry-after']).toBeUndefined()
    // The theme's own frame (its header section) around the platform's words; nothing internal.
    expect(response.body).toContain('<header id="shopify-section-header"')
    expect(response.body).toContain('Something went wrong')
    expect(response.body).not.toMatch(/stack|Error:|limit exceeded/i)

    await vi.waitFor(
      async () => {
        const result = await renderErrorsOf(bomb.apiKey, bombTheme.id)
        expect(result.data?.theme?.renderErrors[0]).toMatchObject({
          path: '/pages/loop',
          template: 'page',
          message: expect.stringMatching(/memory alloc limit exceeded/),
        })
      },
      { timeout: 5_000 },
    )
  })

  it('stops a loop at the 2 s render bound while another store keeps answering', async () => {
    await upsert('sections/main-page.liquid', TIME_BOMB)
    expect((await visit(t, CALM, '/')).statusCode).toBe(200)
    const started = Date.now()
    let bombDoneAt = 0
    const inFlight = visit(t, BOMB, '/pages/loop?v=slow').then((response) => {
      bombDoneAt = Date.now()
      return response
    })
    // Wait until the bomb is rendering (its first slice yields to the event loop), then ask the
    // other store for a page that needs no render: it is answered while the bomb holds its budget.
    await new Promise((resolve) => setImmediate(resolve))
    const other = await visit(t, CALM, '/robots.txt')
    const otherDoneAt = Date.now()
    expect(other.statusCode).toBe(200)
    expect(bombDoneAt).toBe(0)
    const response = await inFlight
    expect(otherDoneAt).toBeLessThan(bombDoneAt)
    expect(bombDoneAt - started).toBeGreaterThanOrEqual(1_900)
    expect(bombDoneAt - started).toBeLessThan(3_500)
    expect(response.statusCode).toBe(500)
    expect(response.body).toContain('Something went wrong')
  })

  it("renders the theme's templates/500.liquid when it has one, and the platform page when that fails too", async () => {
    await upsert('sections/main-page.liquid', RANGE_BOMB)
    await upsert('templates/500.liquid', '<p class="oops">Our shop tripped over {{ shop.name }}</p>')
    const themed = await visit(t, BOMB, '/pages/loop')
    expect(themed.statusCode).toBe(500)
    expect(themed.body).toContain('<p class="oops">Our shop tripped over')
    expect(themed.body).toContain('<header id="shopify-section-header"')

    await upsert('templates/500.liquid', TIME_BOMB)
    const started = Date.now()
    const plain = await visit(t, BOMB, '/pages/loop')
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(plain.statusCode).toBe(500)
    expect(plain.body).toContain('Something went wrong')
    expect(plain.body).not.toContain('shopify-section-header')
  })
})

describe('the theme record', () => {
  it("shows the failure in MCP get_theme, and another store's key cannot read it", async () => {
    const theme = await withMcpClient(await listenForMcp(t), bomb.apiKey, (client) =>
      callTool<{ renderErrors: RenderErrorView[] }>(client, 'get_theme', { id: bombTheme.id }),
    )
    expect(theme.data.renderErrors.length).toBeGreaterThan(0)
    expect(theme.data.renderErrors[0]).toMatchObject({ path: '/pages/loop', template: 'page' })

    const foreign = await renderErrorsOf(calm.apiKey, bombTheme.id)
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const own = await t.gql<{ mainTheme: { renderErrors: RenderErrorView[] } }>(
      calm.apiKey,
      '{ mainTheme { renderErrors { path } } }',
    )
    expect(own.data?.mainTheme.renderErrors).toEqual([])
  })

  it('writes at most one row per theme per interval, keeps the newest 20 and drops them with the theme', async () => {
    const copy = await ok<{ theme: ThemeView }>(
      t,
      bomb.apiKey,
      'mutation ($input: ThemeDuplicateInput!) { themeDuplicate(input: $input) { theme { id } } }',
      { id: bombTheme.id },
      'themeDuplicate',
    )
    const themeId = copy.theme.id
    const db = t.platform.database.db
    const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 6, 0, second))
    const failure = (second: number) => ({ at: at(second), path: `/p/${second}`, template: 'page', message: 'x' })
    expect(await recordThemeRenderError(db, bomb.storeId, themeId, failure(0))).toBe(true)
    expect(await recordThemeRenderError(db, bomb.storeId, themeId, failure(5))).toBe(false)
    for (let i = 1; i <= 25; i++)
      expect(await recordThemeRenderError(db, bomb.storeId, themeId, failure(i * 10))).toBe(true)
    const kept = await themeRenderErrors(db, bomb.storeId, themeId)
    expect(kept.map((e) => e.path)).toEqual(Array.from({ length: 20 }, (_, i) => `/p/${(25 - i) * 10}`))

    await ok(
      t,
      bomb.apiKey,
      'mutation ($input: ThemeDeleteInput!) { themeDelete(input: $input) { deletedId } }',
      { id: themeId },
      'themeDelete',
    )
    await vi.waitFor(async () => expect(await themeRenderErrors(db, bomb.storeId, themeId)).toEqual([]), {
      timeout: 5_000,
    })
  })
})
