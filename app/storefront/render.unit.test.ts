import { describe, expect, it } from 'vitest'
import { localeFiles, translateKey } from './locale.js'
import { renderPage } from './render.js'
import type { StorefrontTheme } from './theme.js'

// The renderer over an in-memory theme: what Shopify's tags, filters and wrappers print.

let version = 0
function theme(files: Record<string, string>, schemas: StorefrontTheme['schemas'] = new Map()): StorefrontTheme {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    name: 'Test',
    version: `test-${++version}`,
    files: new Map(Object.entries({ 'layout/theme.liquid': '<main>{{ content_for_layout }}</main>', ...files })),
    binaryAssets: new Map([['assets/logo.png', 'abc123']]),
    textChecksums: new Map([['assets/base.css', '0123456789abcdef0123']]),
    settings: {},
    schemas,
  }
}

function render(files: Record<string, string>, globals: Record<string, unknown> = {}, locale = 'en') {
  const t = theme(files)
  return renderPage({
    theme: t,
    template: 'index',
    globals,
    path: '/',
    query: new URLSearchParams(),
    runtime: {
      currency: 'EUR',
      locale,
      localized: (path) => (locale === 'en' ? path : `/${locale}${path}`),
      assetUrl: (name) => `/cdn/assets/${name}`,
      translate: (key, variables) => translateKey(localeFiles(t, locale), key, variables, () => undefined),
    },
  })
}

const single = (liquid: string, extra: Record<string, string> = {}) => ({
  'templates/index.json': '{"sections":{"main":{"type":"main"}},"order":["main"]}',
  'sections/main.liquid': liquid,
  ...extra,
})

describe('renderPage', () => {
  it('wraps each section of the JSON template in order and renders the layout around them', async () => {
    const html = await render({
      'templates/index.json':
        '{"sections":{"a":{"type":"one"},"b":{"type":"two"},"c":{"type":"one","disabled":true}},"order":["b","a","c"]}',
      'sections/one.liquid': 'ONE',
      'sections/two.liquid': 'TWO{% schema %}{"name":"Two","tag":"section","class":"two"}{% endschema %}',
    })
    expect(html).toBe(
      '<main><div id="shopify-section-template--index__b" class="shopify-section">TWO</div><div id="shopify-section-template--index__a" class="shopify-section">ONE</div></main>',
    )
  })

  it('renders section groups, static sections, style and form tags, and keeps schema, javascript and stylesheet out', async () => {
    const html = await render(
      single(
        "{% sections 'footer-group' %}{% section 'static' %}{% style %}.a{}{% endstyle %}{% javascript %}x(){% endjavascript %}{% stylesheet %}.b{}{% endstylesheet %}{% form 'product', product, class: 'buy' %}F{% endform %}",
        {
          'sections/footer-group.json': '{"type":"footer","sections":{"f":{"type":"static"}},"order":["f"]}',
          'sections/static.liquid': 'S',
        },
      ),
      { product: { id: 'p1' } },
    )
    expect(html).toContain(
      '<div id="shopify-section-sections--footer__f" class="shopify-section shopify-section-group-footer-group">S</div>',
    )
    expect(html).toContain('<div id="shopify-section-static" class="shopify-section">S</div>')
    expect(html).toContain('<style data-shopify>.a{}</style>')
    expect(html).not.toContain('x()')
    expect(html).not.toContain('.b{}')
    expect(html).toMatch(
      /<form method="post" action="\/cart\/add" accept-charset="UTF-8" class="buy" id="product-form-p1"><input type="hidden" name="form_type" value="product">.*F<\/form>/,
    )
  })

  it('renders snippets in an isolated scope', async () => {
    const html = await render(
      single("{% assign secret = 'x' %}{% render 'card', title: 'T' %}", {
        'snippets/card.liquid': '[{{ title }}|{{ secret }}]',
      }),
    )
    expect(html).toContain('[T|]')
  })

  it('formats money, image URLs and tags, asset URLs and JSON safe for a script element', async () => {
    const image = {
      id: 'm',
      src: '/storage/s/h.jpg',
      url: '/storage/s/h.jpg',
      alt: 'A lamp',
      width: 2000,
      height: 1000,
    }
    const html = await render(
      single(
        "{{ 1999 | money }}|{{ 1999 | money_with_currency }}|{{ image | image_url: width: 500 }}|{{ image | image_url: width: 300 | image_tag: loading: 'lazy' }}|{{ 'base.css' | asset_url | stylesheet_tag }}|{{ data | json }}",
      ),
      { image, data: { text: '</script><b>' } },
    )
    const [price, withCurrency, url, tag, link, json] = html.replace(/<\/?main>|<div[^>]*>|<\/div>/g, '').split('|')
    expect(price).toBe('€19.99')
    expect(withCurrency).toBe('€19.99 EUR')
    expect(url).toBe('/storage/s/h.jpg?w=640')
    expect(tag).toContain('src="/storage/s/h.jpg?w=320" alt="A lamp"')
    expect(tag).toContain('width="300" height="150" loading="lazy"')
    expect(tag).toContain('srcset="/storage/s/h.jpg?w=160 160w, /storage/s/h.jpg?w=320 320w"')
    expect(link).toBe('<link href="/cdn/assets/base.css" rel="stylesheet" type="text/css" media="all">')
    expect(json).toBe('{"text":"\\u003c/script\\u003e\\u003cb\\u003e"}')
  })

  it('translates with the locale file, its language, then the default file, filling placeholders escaped', async () => {
    const files = single(
      "{{ 'a.hello' | t: name: who }}|{{ 'a.only_default' | t }}|{{ 'a.items' | t: count: 1 }}|{{ 'a.none' | t }}",
      {
        'locales/en.default.json':
          '{"a":{"hello":"Hello {{ name }}","only_default":"Default","items":{"one":"{{ count }} item","other":"{{ count }} items"}}}',
        'locales/fr.json': '{"a":{"hello":"Bonjour {{ name }}"}}',
      },
    )
    const html = await render(files, { who: '<b>Ann</b>' }, 'fr-CA')
    expect(html).toContain('Bonjour &lt;b&gt;Ann&lt;/b&gt;|Default|1 item|translation missing: a.none')
  })

  it('stops a render that would loop for ever, quickly', async () => {
    const started = Date.now()
    await expect(render(single('{% for i in (1..1000000000) %}{{ i }}{% endfor %}'))).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('stops a render whose output passes the bound', async () => {
    await expect(
      render(
        single(
          '{% for i in (1..3000) %}{% for j in (1..100) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}{% endfor %}',
        ),
      ),
    ).rejects.toThrow(/the page is larger than 5242880 bytes/)
  })
})
