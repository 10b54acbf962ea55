import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { ok } from '../../../test/support/menus.js'
import { useThemedShop, visit } from '../../../test/support/storefront.js'

// Theme preview links: a signed URL that shows a draft theme to a reviewer without an account.

const CREATE = `mutation ($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { id role } } }`
const FILE = 'mutation ($input: ThemeFileUpsertInput!) { themeFileUpsert(input: $input) { eventPosition } }'
const LINK = `mutation ($input: ThemePreviewLinkCreateInput!) {
  themePreviewLinkCreate(input: $input) { url expiresAt theme { id name } eventPosition } }`
const SETTINGS =
  'mutation ($input: GlobalSettingsUpdateInput!) { globalSettingsUpdate(input: $input) { eventPosition } }'

type Link = { url: string; expiresAt: string; theme: { id: string; name: string } }

const t = useTestApp()
const shop = useThemedShop(t, 'preview-shop')
const other = useTenant(t, 'preview-other')
let draftId: string

beforeAll(async () => {
  const draft = await ok<{ theme: { id: string } }>(t, shop.apiKey, CREATE, { name: 'Winter' }, 'themeCreate')
  draftId = draft.theme.id
  // The draft says so on every page, so a test can tell which theme rendered.
  await ok(
    t,
    shop.apiKey,
    FILE,
    {
      themeId: draftId,
      path: 'sections/footer.liquid',
      content: '<footer><p>WINTER-DRAFT</p></footer>\n{% schema %}{"name": "Footer"}{% endschema %}',
    },
    'themeFileUpsert',
  )
})

/** Path and query of a link, for `inject`. */
const pathOf = (url: string): string => {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

describe('themePreviewLinkCreate', () => {
  it('returns a link on the store host that shows the draft, then keeps it by cookie while the shopper browses', async () => {
    const link = await ok<Link>(
      t,
      shop.apiKey,
      LINK,
      { themeId: draftId, expiresInSeconds: 3600 },
      'themePreviewLinkCreate',
    )
    expect(link.theme).toEqual({ id: draftId, name: 'Winter' })
    expect(new URL(link.url).host).toBe(`${shop.host}:${t.platform.config.port}`)
    const expires = Date.parse(link.expiresAt) - Date.now()
    expect(expires).toBeGreaterThan(3500_000)
    expect(expires).toBeLessThanOrEqual(3600_000)

    expect((await visit(t, shop.host, '/')).body).not.toContain('WINTER-DRAFT')
    const first = await visit(t, shop.host, pathOf(link.url))
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('WINTER-DRAFT')
    expect(first.body).toContain('Previewing theme “Winter”')
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect(first.headers['x-robots-tag']).toBe('noindex')
    const cookie = String(first.headers['set-cookie']).split(';')[0]!
    expect(cookie).toMatch(/^emporium_preview=[\w-]+$/)
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/)

    const next = await visit(t, shop.host, '/search?q=x', { headers: { cookie } })
    expect(next.body).toContain('WINTER-DRAFT')
    // Without the cookie the same page is the live store, from the shared cache or not.
    expect((await visit(t, shop.host, '/search?q=x')).body).not.toContain('WINTER-DRAFT')

    const exit = await visit(t, shop.host, '/?preview_theme=', { headers: { cookie } })
    expect(exit.body).not.toContain('WINTER-DRAFT')
    expect(String(exit.headers['set-cookie'])).toMatch(/^emporium_preview=; Path=\/; Max-Age=0/)
  })

  it('shows the preview while the store is in maintenance, which shoppers still get', async () => {
    const link = await ok<Link>(t, shop.apiKey, LINK, { themeId: draftId }, 'themePreviewLinkCreate')
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000)
    await ok(t, shop.apiKey, SETTINGS, { maintenance: { enabled: true, message: 'Soon' } }, 'globalSettingsUpdate')
    try {
      expect((await visit(t, shop.host, '/')).statusCode).toBe(503)
      const previewed = await visit(t, shop.host, pathOf(link.url))
      expect(previewed.statusCode).toBe(200)
      expect(previewed.body).toContain('WINTER-DRAFT')
    } finally {
      await ok(t, shop.apiKey, SETTINGS, { maintenance: { enabled: false } }, 'globalSettingsUpdate')
    }
  })

  it('ignores a forged, altered or other store token: the live store, and the broken cookie is cleared', async () => {
    const link = await ok<Link>(t, shop.apiKey, LINK, { themeId: draftId }, 'themePreviewLinkCreate')
    const token = new URL(link.url).searchParams.get('preview_theme')!
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    for (const bad of [altered, 'nonsense', 'A'.repeat(71)]) {
      const page = await visit(t, shop.host, `/?preview_theme=${bad}`)
      expect(page.statusCode).toBe(200)
      expect(page.body).not.toContain('WINTER-DRAFT')
      expect(String(page.headers['set-cookie'])).toContain('Max-Age=0')
    }
    // The same token on another store's host shows nothing of this store.
    const elsewhere = await visit(t, 'preview-other.localhost', pathOf(link.url))
    expect(elsewhere.body).not.toContain('WINTER-DRAFT')
    expect(elsewhere.body).not.toContain('Previewing')
  })

  it('refuses bad input, another store’s theme and a read-only key; the link shows in the theme history', async () => {
    const tooLong = await t.gql(shop.apiKey, LINK, { input: { themeId: draftId, expiresInSeconds: 8 * 24 * 3600 } })
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'expiresInSeconds'],
    })
    const foreign = await t.gql(other.apiKey, LINK, { input: { themeId: draftId } })
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    const reader = await t.tenant('preview-reader', ['webstore:read'])
    const forbidden = await t.gql(reader.apiKey, LINK, { input: { themeId: draftId } })
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')

    const history = await t.gql<{ theme: { history: { nodes: { type: string }[] } } }>(
      shop.apiKey,
      'query ($id: ID!) { theme(id: $id) { history(first: 20) { nodes { type } } } }',
      { id: draftId },
    )
    expect(history.data?.theme.history.nodes.map((n) => n.type)).toContain('ThemePreviewLinkCreated')
  })
})
