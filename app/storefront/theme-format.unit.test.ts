import { describe, expect, it } from 'vitest'
import { parseSectionSchema } from '../../domain/webstore/theme/section-schema.js'
import { renderLiquidAssets } from './liquid-assets.js'
import { renderPage } from './render.js'
import type { StorefrontTheme } from './theme.js'

// What the Shopify theme format allows beyond plain sections: LiquidDoc, theme blocks placed with
// content_for (nested, static), schemas with visible_if, JSON with comments, Liquid CSS assets.

let version = 0
function theme(files: Record<string, string>, settings: Record<string, unknown> = {}): StorefrontTheme {
  const all = new Map(Object.entries({ 'layout/theme.liquid': '<main>{{ content_for_layout }}</main>', ...files }))
  const schemas = new Map<string, ReturnType<typeof schemaOf>>()
  for (const [path, source] of all) {
    const type = /^sections\/(.+)\.liquid$/.exec(path)?.[1]
    if (type) schemas.set(type, schemaOf(source))
  }
  return {
    id: '01900000-0000-7000-8000-000000000002',
    name: 'Format',
    version: `format-${++version}`,
    files: all,
    binaryAssets: new Map(),
    textChecksums: new Map([['assets/theme.css.liquid', 'feed']]),
    settings,
    schemas,
  }
}

function schemaOf(source: string) {
  const parsed = parseSectionSchema(source)
  return parsed.ok ? parsed.schema : null
}

/** The page's HTML; line breaks (before each file's schema) dropped. */
async function render(files: Record<string, string>) {
  const html = await renderPage({
    theme: theme(files),
    template: 'index',
    globals: {},
    path: '/',
    query: new URLSearchParams(),
    runtime: {
      currency: 'EUR',
      locale: 'en',
      localized: (path) => path,
      assetUrl: (name) => `/cdn/assets/${name}`,
      translate: () => null,
    },
  })
  return html.replace(/\n/g, '')
}

const SLIDES_SECTION = `<div class="slides">{% content_for 'blocks' %}</div>
{% schema %}{ "name": "Slides", "blocks": [{ "type": "@theme" }] }{% endschema %}`

const SLIDE_BLOCK = `{% doc %}
  Renders one slide. @param {string} heading - shown as {{ never.rendered }}
{% enddoc %}<div {{ block.shopify_attributes }}><h2>{{ block.settings.heading }}</h2><p>{{ section.settings.tone }}</p>{% content_for 'blocks' %}</div>
{% schema %}{
  "name": "Slide",
  "blocks": [{ "type": "@theme" }],
  "settings": [
    { "type": "text", "id": "heading", "label": "Heading", "default": "Untitled" },
    { "type": "text", "id": "caption", "label": "Caption", "visible_if": "{{ block.settings.heading != \\"\\" }}" }
  ]
}{% endschema %}`

const BUTTON_BLOCK = `<a class="button">{{ block.settings.label }}{% if closeable %} ×{% endif %}</a>
{% schema %}{ "name": "Button", "settings": [{ "type": "text", "id": "label", "label": "Label", "default": "Go" }] }{% endschema %}`

describe('theme blocks', () => {
  it('renders a section’s blocks from blocks/<type>.liquid, nested ones inside their parent, with block and section bound', async () => {
    const html = await render({
      'templates/index.json': `/* the home page */ {
        "sections": { "hero": {
          "type": "slides",
          "settings": { "tone": "warm" },
          "blocks": {
            "one": { "type": "slide", "settings": { "heading": "Sale <now>" },
                     "blocks": { "cta": { "type": "button", "settings": { "label": "Shop" } } }, "block_order": ["cta"] },
            "two": { "type": "slide" },
            "off": { "type": "slide", "disabled": true }
          },
          "block_order": ["two", "one", "off"]
        } },
        "order": ["hero"] // one section
      }`,
      'sections/slides.liquid': SLIDES_SECTION,
      'blocks/slide.liquid': SLIDE_BLOCK,
      'blocks/button.liquid': BUTTON_BLOCK,
    })
    expect(html).toContain(
      '<div class="slides"><div data-block-id="two" data-block-type="slide"><h2>Untitled</h2><p>warm</p></div>' +
        '<div data-block-id="one" data-block-type="slide"><h2>Sale &lt;now&gt;</h2><p>warm</p><a class="button">Shop</a></div></div>',
    )
    expect(html).not.toContain('Renders one slide')
    expect(html).not.toContain('never')
  })

  it('renders a static block with the settings the template stores under its id, and the tag’s other arguments', async () => {
    const html = await render({
      'templates/index.json': `{ "sections": { "main": { "type": "banner", "blocks": {
          "cta": { "type": "button", "static": true, "settings": { "label": "Buy" } } } } }, "order": ["main"] }`,
      'sections/banner.liquid': `{% content_for 'block', type: 'button', id: 'cta', closeable: true %}|{% content_for 'block', type: 'button', id: 'spare' %}|{% content_for 'blocks' %}`,
      'blocks/button.liquid': BUTTON_BLOCK,
    })
    expect(html).toContain('<a class="button">Buy ×</a>|<a class="button">Go</a>|</div>')
  })

  it('stops a block that places itself after eight levels', async () => {
    const html = await render({
      'templates/index.json': '{ "sections": { "main": { "type": "loop" } }, "order": ["main"] }',
      'sections/loop.liquid': `{% content_for 'block', type: 'again', id: 'x' %}`,
      'blocks/again.liquid': `<i>{% content_for 'block', type: 'again', id: 'x' %}</i>`,
    })
    expect(html.match(/<i>/g)).toHaveLength(8)
  })

  it('answers nothing for a block type the theme has no file for', async () => {
    const html = await render({
      'templates/index.json': `{ "sections": { "main": { "type": "slides", "blocks": { "a": { "type": "gone" } } } }, "order": ["main"] }`,
      'sections/slides.liquid': SLIDES_SECTION,
    })
    expect(html).toContain('<div class="slides"></div>')
  })
})

describe('Liquid assets', () => {
  it('renders assets/<name>.css.liquid with the theme settings, served as <name>.css', () => {
    const assets = renderLiquidAssets(
      theme(
        { 'assets/theme.css.liquid': ':root { --accent: {{ settings.accent }}; }{% doc %}notes{% enddoc %}' },
        {
          accent: '#c0ffee',
        },
      ),
      'store-1',
    )
    expect(assets.get('assets/theme.css')?.content).toBe(':root { --accent: #c0ffee; }')
    const other = renderLiquidAssets(
      theme({ 'assets/theme.css.liquid': '{{ settings.accent }}' }, { accent: 'red' }),
      's',
    )
    expect(other.get('assets/theme.css')?.checksum).not.toBe(assets.get('assets/theme.css')?.checksum)
  })

  it('leaves a plain asset of the same name alone, and turns a Liquid mistake into a comment', () => {
    const assets = renderLiquidAssets(
      theme({
        'assets/a.css.liquid': 'x',
        'assets/a.css': 'plain',
        'assets/b.css.liquid': '{% if %}',
      }),
      'store-1',
    )
    expect(assets.has('assets/a.css')).toBe(false)
    expect(assets.get('assets/b.css')?.content).toMatch(/^\/\* Liquid error in assets\/b\.css\.liquid: .+ \*\/\n$/)
  })
})
