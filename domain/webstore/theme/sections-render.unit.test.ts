import { describe, expect, it } from 'vitest'
import { productHandleKey } from '../../catalog/product/streams.js'
import { liveMediaKey } from '../../media/streams.js'
import { blogHandleKey } from '../blog/streams.js'
import { collectionHandleKey } from '../collection/streams.js'
import { menuHandleKey } from '../menu/streams.js'
import { pageHandleKey } from '../page/streams.js'
import type { PrepareEnv } from '../../shared/command.js'
import { defaultThemeFiles } from './default-theme.js'
import { themeLiquid } from './liquid.js'
import { parseSectionSchema } from './section-schema.js'
import { themeSectionAddInput, themeBlockUpdateInput } from './sections-commands.js'
import { themeBlockUpdate } from './blocks-definitions.js'
import { themeSectionAdd } from './sections-definitions.js'
import { instanceIdFor } from './sections-prepare.js'
import { checkReferences } from './sections-references.js'
import { sectionRenderData } from './sections-render.js'
import { settingsOf } from './sections-schema.js'
import { parseTemplate, templateNameOf, templatePath, type SectionInstance } from './sections-template.js'
import { failure } from '../../../test/support/failure.js'
import { STORE, prepareEnv } from '../../../test/support/decide-context.js'

const THEME = '01900000-0000-7000-8000-000000000001'
const MEDIA = '01900000-0000-7000-8000-0000000000a1'
const files = defaultThemeFiles()
const source = (path: string) => files.find((f) => f.path === path)!.content
const schemaOf = (type: string) => {
  const parsed = parseSectionSchema(source(`sections/${type}.liquid`))
  if (!parsed.ok || !parsed.schema) throw new Error(`no schema in ${type}`)
  return parsed.schema
}

describe('sectionRenderData', () => {
  const story: SectionInstance = {
    type: 'rich-text',
    blocks: {
      'heading-1': { type: 'heading', settings: { heading: 'Set through the API' } },
      hidden: { type: 'text', disabled: true, settings: { text: 'not shown' } },
      'button-1': { type: 'button', settings: { link: '/pages/about' } },
    },
    block_order: ['button-1', 'heading-1', 'hidden'],
  }

  it('merges section and block defaults under stored values, keeps block_order and drops disabled blocks', () => {
    expect(sectionRenderData('story', story, schemaOf('rich-text'), 3)).toEqual({
      id: 'story',
      type: 'rich-text',
      index: 3,
      settings: { alignment: 'center' },
      blocks: [
        {
          id: 'button-1',
          type: 'button',
          settings: { label: 'Learn more', link: '/pages/about' },
          shopify_attributes: 'data-block-id="button-1" data-block-type="button"',
        },
        {
          id: 'heading-1',
          type: 'heading',
          settings: { heading: 'Set through the API' },
          shopify_attributes: 'data-block-id="heading-1" data-block-type="heading"',
        },
      ],
      blocks_size: 2,
    })
  })

  it('escapes ids in the attribute string', () => {
    const data = sectionRenderData(
      's',
      { type: 'rich-text', blocks: { 'a"b': { type: 'heading' } } },
      schemaOf('rich-text'),
      1,
    )
    expect(data.blocks[0]!.shopify_attributes).toBe('data-block-id="a&quot;b" data-block-type="heading"')
  })

  it('is what the section renders from: block settings reach the Liquid output', async () => {
    const html = await themeLiquid().parseAndRender(source('sections/rich-text.liquid'), {
      section: sectionRenderData('story', story, schemaOf('rich-text'), 1),
    })
    expect(html).toContain('<h2 data-block-id="heading-1" data-block-type="heading">Set through the API</h2>')
    expect(html).toContain(
      '<a class="button" href="/pages/about" data-block-id="button-1" data-block-type="button">Learn more</a>',
    )
    expect(html).toContain('rich-text--center')
    expect(html).not.toContain('not shown')
    expect(html.indexOf('button-1')).toBeLessThan(html.indexOf('heading-1'))
  })

  it('renders a section without a schema from its stored settings only', () => {
    expect(sectionRenderData('x', { type: 'plain', settings: { a: 1 } }, null, 1)).toEqual({
      id: 'x',
      type: 'plain',
      index: 1,
      settings: { a: 1 },
      blocks: [],
      blocks_size: 0,
    })
  })
})

describe('template names', () => {
  it('map to files and back', () => {
    expect(templatePath('index')).toBe('templates/index.json')
    expect(templatePath('product.alternate')).toBe('templates/product.alternate.json')
    expect(templatePath('customers/account')).toBe('templates/customers/account.json')
    expect(templatePath('group:header')).toBe('sections/header-group.json')
    for (const name of ['index', 'product.alternate', 'customers/account', 'group:footer'])
      expect(templateNameOf(templatePath(name))).toBe(name)
    expect(templateNameOf('sections/header.liquid')).toBeNull()
    expect(templateNameOf('templates/index.liquid')).toBeNull()
  })

  it('refuses names that are neither a template nor a group', () => {
    for (const template of ['../config/settings_data', 'group:', 'index json', '']) {
      const parsed = themeSectionAddInput.safeParse({ themeId: THEME, template, type: 'rich-text' })
      expect(parsed.success, template).toBe(false)
    }
  })

  it('reads only JSON objects with sections and order as templates', () => {
    expect(parseTemplate('{"sections": {}, "order": []}')).toEqual({ sections: {}, order: [] })
    expect(parseTemplate('{"sections": {}}')).toBeNull()
    expect(parseTemplate('[1]')).toBeNull()
    expect(parseTemplate('{')).toBeNull()
  })
})

function env(
  options: {
    products?: string[]
    media?: string[]
    pages?: string[]
    blogs?: string[]
    collections?: string[]
    menus?: string[]
  } = {},
): PrepareEnv {
  return prepareEnv({
    newId: () => '01900000-0000-7000-8000-00000000beef',
    async reservationOwner(scope, key) {
      if (scope !== STORE) return null
      if ((options.products ?? []).some((handle) => productHandleKey(handle) === key)) return 'product-id'
      if ((options.pages ?? []).some((handle) => pageHandleKey(handle) === key)) return 'page-id'
      if ((options.blogs ?? []).some((handle) => blogHandleKey(handle) === key)) return 'blog-id'
      if ((options.collections ?? []).some((handle) => collectionHandleKey(handle) === key)) return 'collection-id'
      if ((options.menus ?? []).some((handle) => menuHandleKey(handle) === key)) return 'menu-id'
      return (options.media ?? []).find((id) => liveMediaKey(id) === key) ?? null
    },
    readStream: async (stream) =>
      stream === `theme-${STORE}_${THEME}`
        ? [
            {
              type: 'ThemeCreated',
              data: { themeId: THEME, name: 'T', role: 'DRAFT', source: 'DEFAULT', sourceThemeId: null, files },
              revision: 0,
              occurredAt: '',
            },
          ]
        : [],
  })
}

describe('references in settings', () => {
  const definitions = settingsOf(schemaOf('image-with-text').settings)
  const withProduct = [{ type: 'product' as const, id: 'featured', label: 'Featured product' }]
  /** `checkReferences` in STORE for `settings` given at input.settings, against these setting definitions. */
  const check = (
    facts: PrepareEnv,
    settingDefinitions: Parameters<typeof checkReferences>[2],
    settings: Record<string, unknown>,
  ) => checkReferences(facts, STORE, settingDefinitions, settings, ['input', 'settings'])

  it('accepts an existing product handle and media id, and image URLs as they are', async () => {
    await expect(check(env({ media: [MEDIA] }), definitions, { image: MEDIA })).resolves.toBeUndefined()
    await expect(
      check(env(), definitions, { image: 'https://cdn.example.com/a.png', heading: 'x' }),
    ).resolves.toBeUndefined()
    await expect(
      check(env({ products: ['red-shirt'] }), withProduct, { featured: 'red-shirt' }),
    ).resolves.toBeUndefined()
  })

  it('refuses a media id this store does not have, at the setting', async () => {
    await expect(failure(() => check(env(), definitions, { image: MEDIA }))).resolves.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'image'],
    })
  })

  it('refuses a product handle this store does not have', async () => {
    await expect(failure(() => check(env(), withProduct, { featured: 'ghost' }))).resolves.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'featured'],
      message: expect.stringContaining('no product with that handle'),
    })
  })

  it('refuses a page, blog, collection or menu handle this store does not have, and accepts existing ones', async () => {
    const pickers = [
      { type: 'page' as const, id: 'about', label: 'About page' },
      { type: 'blog' as const, id: 'news', label: 'Blog' },
      { type: 'collection' as const, id: 'featured', label: 'Collection' },
      { type: 'link_list' as const, id: 'menu', label: 'Menu' },
    ]
    const all = env({ pages: ['about-us'], blogs: ['journal'], collections: ['summer'], menus: ['main-menu'] })
    await expect(
      check(all, pickers, { about: 'about-us', news: 'journal', featured: 'summer', menu: 'main-menu' }),
    ).resolves.toBeUndefined()
    const missing: [PrepareEnv, string, string, string][] = [
      [env(), 'featured', 'summer', 'collection'],
      [env(), 'menu', 'main-menu', 'menu'],
      [env({ blogs: ['journal'] }), 'about', 'about-us', 'page'],
      [env({ pages: ['about-us'] }), 'news', 'journal', 'blog'],
    ]
    for (const [facts, setting, handle, kind] of missing) {
      await expect(failure(() => check(facts, pickers, { [setting]: handle }))).resolves.toMatchObject({
        field: ['input', 'settings', setting],
        message: expect.stringContaining(`no ${kind} with that handle`),
      })
    }
  })

  it('are checked by prepare against the section the command targets', async () => {
    const add = themeSectionAddInput.parse({
      themeId: THEME,
      template: 'index',
      type: 'image-with-text',
      settings: { image: MEDIA },
    })
    await expect(failure(async () => themeSectionAdd.prepare(add, env()))).resolves.toMatchObject({
      field: ['input', 'settings', 'image'],
    })
    await expect(Promise.resolve(themeSectionAdd.prepare(add, env({ media: [MEDIA] })))).resolves.toMatchObject({
      stream: `theme-${STORE}_${THEME}`,
      entityId: THEME,
      command: {
        type: 'ThemeSectionAdd',
        data: { sectionId: 'image_with_text_0000beef', sectionType: 'image-with-text' },
      },
    })
    const update = themeBlockUpdateInput.parse({
      themeId: THEME,
      template: 'index',
      sectionId: 'story',
      blockId: 'heading-1',
      settings: { heading: 'x' },
    })
    await expect(Promise.resolve(themeBlockUpdate.prepare(update, env()))).resolves.toMatchObject({
      command: { type: 'ThemeBlockUpdate' },
    })
  })
})

describe('new ids', () => {
  it('come from the type and the end of a fresh id', () => {
    expect(instanceIdFor('rich-text', env())).toBe('rich_text_0000beef')
  })
})
