import { describe, expect, it } from 'vitest'
import { isThemeFilePath, validateThemeFile } from './files.js'
import { parseJsonSource, parseThemeJson } from './json-source.js'
import { liquidSyntaxError } from './liquid.js'
import { missingThemeBlock, parseSectionSchema, presetBlockList } from './section-schema.js'
import { settingList, settingValueProblem, type SettingDefinition } from './setting-definitions.js'
import { currentOf, settingsDataProblem } from './settings-data.js'

// The parts of Shopify's theme format that current themes (Dawn, Horizon) use, one by one.

const section = (schema: unknown) => `<div></div>\n{% schema %}\n${JSON.stringify(schema)}\n{% endschema %}\n`
const setting = (definition: Record<string, unknown>) => definition as unknown as SettingDefinition

describe('Liquid of current themes', () => {
  it('takes {% doc %} whose body is documentation, not Liquid', () => {
    const doc =
      "{% doc %}\n  @param {string} title - shown as {{ title\n  @example {% render 'card' %}\n{% enddoc %}\n{{ title }}"
    expect(liquidSyntaxError(doc)).toBeNull()
    expect(liquidSyntaxError('{%- doc -%} Renders a card. {%- enddoc -%}')).toBeNull()
    expect(liquidSyntaxError('{% doc %} never closed')).toMatchObject({ message: 'tag {% doc %} not closed', line: 1 })
  })

  it("takes {% content_for 'blocks' %} and a static {% content_for 'block', type, id %}", () => {
    expect(liquidSyntaxError("{% content_for 'blocks' %}")).toBeNull()
    expect(liquidSyntaxError("{%- content_for 'blocks', closest.product: product -%}")).toBeNull()
    expect(
      liquidSyntaxError('{% content_for "block", type: "slide", id: "slide-1", closest.collection: c %}'),
    ).toBeNull()
  })

  it('refuses a content_for without what it renders, naming line and column', () => {
    expect(liquidSyntaxError("<p>\n  {% content_for 'block', id: 'x' %}")).toMatchObject({
      line: 2,
      column: 3,
      message: expect.stringContaining("{% content_for 'block' %} needs type"),
    })
    expect(liquidSyntaxError("{% content_for 'block' %}")?.message).toContain('needs type and id')
    expect(liquidSyntaxError("{% content_for 'sections' %}")?.message).toContain("takes 'blocks' or 'block' first")
  })

  it("does not read a schema's visible_if as Liquid, and keeps positions after it", () => {
    const source = `{% schema %}\n{"visible_if": "{{ section.settings.layout == \\"grid\\" }}"}\n{% endschema %}\n{% if %}`
    expect(liquidSyntaxError(source)).toMatchObject({ line: 4, message: expect.stringContaining('invalid value') })
  })
})

describe('JSON with comments', () => {
  it('reads the comment banner the theme editor writes, and // comments, but not inside strings', () => {
    const text = '/*\n * auto-generated\n */\n{"url": "https://x.test/a//b", // trailing\n "c": "/* kept */"}'
    expect(parseThemeJson(text)).toEqual({ url: 'https://x.test/a//b', c: '/* kept */' })
  })

  it('reports a mistake after a comment at its own line and column', () => {
    expect(parseJsonSource('/* one\n two */ {"a": x}')).toMatchObject({ ok: false, error: { line: 2, column: 15 } })
    expect(parseJsonSource('{"a": 1} /* never closed')).toMatchObject({ ok: false })
  })
})

describe('settings_data.json', () => {
  const data = { current: 'Default', presets: { Default: { animations: true, sections: {} } } }

  it('reads current from the preset it names', () => {
    expect(settingsDataProblem(data)).toBeNull()
    expect(currentOf(data)).toEqual({ animations: true, sections: {} })
    expect(currentOf({ current: { animations: false } })).toEqual({ animations: false })
  })

  it('refuses a current that names no preset, listing the presets there are', () => {
    expect(settingsDataProblem({ ...data, current: 'Dark' })).toContain(
      "current names the preset 'Dark', which presets does not hold (it has Default)",
    )
    expect(settingsDataProblem({ current: 'Dark' })).toContain('(it has none)')
    expect(settingsDataProblem({ current: 3 })).toContain('current must be an object of settings or the name')
  })
})

describe('setting types of current themes', () => {
  it('declares color_scheme_group with definition and role and no label; other settings still need a label', () => {
    const group = {
      type: 'color_scheme_group',
      id: 'color_schemes',
      definition: [{ type: 'color', id: 'background', label: 'Background', default: '#FFFFFF' }],
      role: { background: { solid: 'background' } },
    }
    expect(settingList.safeParse([group]).success).toBe(true)
    const noDefinition = settingList.safeParse([{ ...group, definition: undefined }])
    expect(noDefinition.error?.issues[0]?.message).toContain('needs a definition')
    const badDefinition = settingList.safeParse([{ ...group, definition: [{ type: 'nope', id: 'x', label: 'X' }] }])
    expect(badDefinition.error?.issues[0]?.path).toEqual([0, 'definition', 0])
    expect(settingList.safeParse([{ type: 'liquid', id: 'code' }]).error?.issues[0]?.message).toBe(
      'a setting needs a label',
    )
  })

  it('takes hyphenated setting ids as Horizon uses them', () => {
    const padding = { type: 'range', id: 'padding-block-start', label: 'Top', min: 0, max: 100, default: 20 }
    expect(settingList.safeParse([padding]).success).toBe(true)
  })

  it.each([
    ['color_scheme', 'scheme-1', 7],
    ['color_background', 'linear-gradient(#fff, #000)', false],
    ['liquid', '{{ shop.name }}', ['x']],
    ['video', 'gid://video/1', 1],
    ['article', 'news/launch', null],
    ['text_alignment', 'center', 'justify'],
  ])('checks a %s value', (type, good, bad) => {
    const definition = setting({ type, id: 'x', label: 'X' })
    expect(settingValueProblem(definition, good)).toBeNull()
    expect(settingValueProblem(definition, bad)).toMatch(/^'x' must be/)
  })

  it('checks product_list and collection_list: handles, at most the limit, each once', () => {
    const products = setting({ type: 'product_list', id: 'products', label: 'Products', limit: 2 })
    expect(settingValueProblem(products, ['shirt', 'hat'])).toBeNull()
    expect(settingValueProblem(products, ['a', 'b', 'c'])).toContain('at most 2 products')
    expect(settingValueProblem(products, ['a', 'a'])).toContain('names a product twice')
    const collections = setting({ type: 'collection_list', id: 'collections', label: 'Collections' })
    expect(settingValueProblem(collections, 'summer')).toContain('must be a list of collection handles')
  })

  it("checks each color scheme's settings against the group's definition", () => {
    const group = setting({
      type: 'color_scheme_group',
      id: 'color_schemes',
      definition: [{ type: 'color', id: 'background', label: 'Background' }],
    })
    expect(settingValueProblem(group, { 'scheme-1': { settings: { background: '#fff' } } })).toBeNull()
    expect(settingValueProblem(group, { 'scheme-1': { settings: { background: 'red' } } })).toContain(
      "color scheme 'scheme-1': 'background' must be a hex color",
    )
    expect(settingValueProblem(group, { 'scheme-1': { settings: { text: '#000' } } })).toContain(
      "has 'text', which the definition does not declare",
    )
    expect(settingValueProblem(group, { 'scheme-1': '#fff' })).toContain('must be {"settings": {…}}')
  })

  it('takes a color palette, and a color that defaults to another setting', () => {
    const palette = setting({ type: 'color_palette', id: 'color_palette' })
    expect(settingValueProblem(palette, { background: '#ffffff', foreground: '#000' })).toBeNull()
    expect(settingValueProblem(palette, { background: 'white' })).toContain('hex color')
    const color = setting({ type: 'color', id: 'text', label: 'Text' })
    expect(settingValueProblem(color, '{{ settings.color_palette.foreground }}')).toBeNull()
  })
})

describe('section and theme block schemas', () => {
  it('takes @app, @theme and theme block references without a name; a block with settings needs one', () => {
    const schema = { name: 'S', blocks: [{ type: '@app' }, { type: '@theme' }, { type: '_slide' }] }
    expect(parseSectionSchema(section(schema))).toMatchObject({ ok: true })
    const local = { name: 'S', blocks: [{ type: 'text', settings: [{ type: 'text', id: 't', label: 'T' }] }] }
    expect(parseSectionSchema(section(local))).toMatchObject({
      ok: false,
      error: { message: 'invalid section schema at blocks.0.name: a block with settings needs a name' },
    })
  })

  it('takes presets with a category and blocks keyed by id, in block_order', () => {
    const schema = {
      name: 'Hero',
      tag: null,
      blocks: [{ type: '@theme' }],
      presets: [
        {
          name: 'Hero',
          category: 'Banners',
          blocks: { b: { type: 'text', blocks: { inner: { type: 'text' } } }, a: { type: 'button', static: true } },
          block_order: ['a', 'b'],
        },
      ],
    }
    const parsed = parseSectionSchema(section(schema))
    expect(parsed.ok).toBe(true)
    const preset = parsed.ok ? parsed.schema!.presets![0]! : null
    expect(presetBlockList(preset!).map((b) => b.type)).toEqual(['button', 'text'])
  })

  it('takes a custom element as the wrapper tag of a theme block, but no markup', () => {
    expect(parseSectionSchema(section({ name: 'B', tag: 'product-card' }))).toMatchObject({ ok: true })
    expect(parseSectionSchema(section({ name: 'B', tag: 'div onclick=x' }))).toMatchObject({ ok: false })
  })

  it('finds a bare theme block entry whose file the theme lacks', () => {
    const hero = { path: 'sections/hero.liquid', content: section({ name: 'Hero', blocks: [{ type: 'slide' }] }) }
    const slide = { path: 'blocks/slide.liquid', content: section({ name: 'Slide', blocks: [{ type: '@app' }] }) }
    expect(missingThemeBlock([hero, slide])).toBeNull()
    expect(missingThemeBlock([hero])).toEqual({ path: 'sections/hero.liquid', type: 'slide' })
  })

  it('checks the schema of a file in blocks/ as it checks a section', () => {
    expect(isThemeFilePath('blocks/_slide.liquid')).toBe(true)
    expect(isThemeFilePath('assets/global.d.ts')).toBe(true)
    expect(() => validateThemeFile('blocks/slide.liquid', section({ name: 'Slide', max_blocks: 51 }))).toThrow(
      /blocks\/slide\.liquid line 2, column 1: .*max_blocks must be at most 50/,
    )
  })
})
