import { beforeAll, describe, expect, it } from 'vitest'
import { defaultThemeFiles } from '../../../domain/webstore/theme/default-theme.js'
import { useTestApp } from '../../../test/support/app.js'
import { UPDATE as COLLECTION_UPDATE, createCollection } from '../../../test/support/collections.js'
import { addItem, createMenu, ok, type MenuView } from '../../../test/support/menus.js'
import { useThemedShop, visit } from '../../../test/support/storefront.js'
import { THEME_FIELDS, themeZip, type ThemeView } from '../../../test/support/themes.js'

// Every page reads its store's details, main theme, settings, menus and published collections by
// handle from the store's render context (app/storefront/render-context.ts) once kept, and its
// store from the host names kept (app/tenancy/kept-hosts.ts); a write must never leave the very
// next page reading one from before it. The page cache is off: every visit renders.

const STORE_UPDATE = 'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }'
const SETTINGS =
  'mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) { eventPosition } }'
const CREATE_THEME = `mutation ($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { ${THEME_FIELDS} } eventPosition } }`
const PUBLISH = 'mutation ($input: ThemePublishInput!) { themePublish(input: $input) { eventPosition } }'

const t = useTestApp({ config: { storefrontCache: { kind: 'off', redisPrefix: 'unused:' } } })
const shop = useThemedShop(t, 'context-shop')
let menu: MenuView

/** The home page, rendered twice: the second render reads the context the first one kept. */
async function home(): Promise<{ status: number; body: string }> {
  await visit(t, shop.host, '/')
  const page = await visit(t, shop.host, '/')
  return { status: page.statusCode, body: page.body }
}

beforeAll(async () => {
  menu = await createMenu(t, shop.apiKey, { title: 'Main', handle: 'main-menu' })
  await addItem(t, shop.apiKey, { menuId: menu.id, title: 'Welcome' })
}, 120_000)

describe("a store's render context", () => {
  it('shows a store rename on the very next page', async () => {
    expect((await home()).body).not.toContain('Renamed shop')
    await ok(t, shop.apiKey, STORE_UPDATE, { name: 'Renamed shop' }, 'storeUpdate')
    expect((await visit(t, shop.host, '/')).body).toContain('Renamed shop')
  })

  it('shows a menu edit on the very next page', async () => {
    expect((await home()).body).toContain('Welcome')
    await addItem(t, shop.apiKey, { menuId: menu.id, title: 'Spring sale', link: { type: 'URL', url: '/sale' } })
    expect((await visit(t, shop.host, '/')).body).toContain('Spring sale')
  })

  it('closes and reopens the store for maintenance on the very next page', async () => {
    expect((await home()).status).toBe(200)
    await ok(t, shop.apiKey, SETTINGS, { maintenance: { enabled: true, message: 'Back soon' } }, 'globalSettingsUpdate')
    const closed = await visit(t, shop.host, '/')
    expect(closed.statusCode).toBe(503)
    expect(closed.body).toContain('Back soon')
    await ok(t, shop.apiKey, SETTINGS, { maintenance: { enabled: false } }, 'globalSettingsUpdate')
    expect((await visit(t, shop.host, '/')).statusCode).toBe(200)
  })

  it('shows a collection published, renamed, moved and hidden on the very next page', async () => {
    const visitTwice = async (path: string) => {
      await visit(t, shop.host, path)
      return visit(t, shop.host, path)
    }
    const draft = await createCollection(t, shop.apiKey, { title: 'Summer', handle: 'summer', status: 'DRAFT' })
    expect((await visitTwice('/collections/summer')).statusCode).toBe(404)
    const update = (input: Record<string, unknown>) =>
      ok(t, shop.apiKey, COLLECTION_UPDATE, { id: draft.id, ...input }, 'collectionUpdate')
    await update({ status: 'PUBLISHED' })
    expect((await visit(t, shop.host, '/collections/summer')).statusCode).toBe(200)
    expect((await visitTwice('/collections/summer')).body).toContain('Summer')
    await update({ title: 'Summer sale' })
    expect((await visit(t, shop.host, '/collections/summer')).body).toContain('Summer sale')
    await update({ handle: 'sunny' })
    expect((await visit(t, shop.host, '/collections/sunny')).body).toContain('Summer sale')
    expect((await visit(t, shop.host, '/collections/summer')).statusCode).toBe(301)
    await update({ status: 'DRAFT' })
    expect((await visit(t, shop.host, '/collections/sunny')).statusCode).toBe(404)
  })

  it('renders a newly published theme on the very next page', async () => {
    const layout = defaultThemeFiles().find((file) => file.path === 'layout/theme.liquid')!.content
    const zip = themeZip({ 'layout/theme.liquid': layout.replace('</body>', '<p>Published theme</p></body>') })
    const created = await ok<{ theme: ThemeView }>(
      t,
      shop.apiKey,
      CREATE_THEME,
      { name: 'Marked', source: 'ZIP', zip },
      'themeCreate',
    )
    expect((await home()).body).not.toContain('Published theme')
    await ok(t, shop.apiKey, PUBLISH, { id: created.theme.id }, 'themePublish')
    expect((await visit(t, shop.host, '/')).body).toContain('Published theme')
  })
})
