import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { ok } from '../../../test/support/menus.js'
import { shopifyThemeFiles, shopifyThemeZip } from '../../../test/support/shopify-theme.js'
import { textsOf, useThemedShop, visit } from '../../../test/support/storefront.js'
import { THEME_FIELDS, type ThemeView } from '../../../test/support/themes.js'

// A theme in Shopify's current format (theme blocks, LiquidDoc, JSON with comments, a preset-named
// `current`, visible_if, a Liquid CSS asset) imported as a zip, published, and rendered on the store's host.

const CREATE = `mutation ($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { ${THEME_FIELDS} } eventPosition } }`
const PUBLISH = 'mutation ($input: ThemePublishInput!) { themePublish(input: $input) { eventPosition } }'

const t = useTestApp()
const shop = useThemedShop(t, 'format-shop')

beforeAll(async () => {
  const base = shopifyThemeFiles()
  const files = shopifyThemeFiles({
    'layout/theme.liquid': base['layout/theme.liquid']!.replace(
      '</head>',
      "{{ 'accent.css' | asset_url | stylesheet_tag }}</head>",
    ).replace('<body>', '<body data-animations="{{ settings.animations }}">'),
    'assets/accent.css.liquid':
      '{%- doc -%}Colours from the theme settings.{%- enddoc -%}\n.card { background: {{ settings.color_schemes["scheme-2"].settings.background }}; }\n',
  })
  const zip = Buffer.from(shopifyThemeZip(files)).toString('base64')
  const created = await ok<{ theme: ThemeView }>(
    t,
    shop.apiKey,
    CREATE,
    { name: 'Format', source: 'ZIP', zip },
    'themeCreate',
  )
  await ok(t, shop.apiKey, PUBLISH, { id: created.theme.id }, 'themePublish')
})

describe('a Shopify-format theme on the storefront', () => {
  it('renders theme blocks, nested and static, with the preset-named settings in effect', async () => {
    const response = await visit(t, shop.host, '/')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h2')).toEqual(['Hello', 'Slide', 'Slide'])
    expect(response.body).toContain('data-block-id="slide-1" data-block-type="slide"')
    expect(response.body).toContain('data-block-id="static-slide" data-block-type="slide"')
    expect(response.body).toContain('data-animations="true"')
    expect(response.body).not.toContain('A slide of a slideshow')
    // The app block of the template (apps do not run here) renders nothing instead of failing the page.
    expect(response.body).toMatch(/<div id="shopify-section-template--index__apps" class="shopify-section">\s*<\/div>/)
  })

  it('serves the Liquid CSS asset rendered with the theme settings', async () => {
    const page = await visit(t, shop.host, '/')
    const href = /<link href="([^"]*accent\.css[^"]*)"/.exec(page.body)?.[1]
    expect(href).toMatch(/^\/cdn\/assets\/accent\.css\?v=[0-9a-f]{16}$/)
    const css = await visit(t, shop.host, href!)
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).toBe('.card { background: #F3F3F3; }\n')
  })
})
