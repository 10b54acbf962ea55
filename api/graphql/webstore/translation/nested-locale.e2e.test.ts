import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { createAttribute, createRedBlueAttribute } from '../../../../test/support/attributes.js'
import { createProduct } from '../../../../test/support/products.js'
import { translationApi } from '../../../../test/support/translations.js'

// Nested translatable text read with `locale`: menu item titles, product option names, attribute
// option labels and SEO, each translated on its resource under the key sources.ts lists.

const t = useTestApp()
const { french, multilingual } = translationApi(() => t)

const CREATE_MENU = `mutation ($input: MenuCreateInput!) { menuCreate(input: $input) { menu { id } } }`
const ADD_ITEM = `mutation ($input: MenuItemAddInput!) { menuItemAdd(input: $input) { itemId } }`
const MENU = `query ($id: ID, $locale: Locale) { menu(id: $id) { title(locale: $locale) items { id title(locale: $locale) items { id title(locale: $locale) } } } }`
const PRODUCT = `query ($id: ID, $locale: Locale) { product(id: $id) { options { name(locale: $locale) } seo { title(locale: $locale) description(locale: $locale) } } }`
const ATTRIBUTE = `query ($id: ID, $locale: Locale) { attribute(id: $id) { options { code label(locale: $locale) } } }`

async function read<Data>(apiKey: string, query: string, id: string, locale?: string): Promise<Data> {
  const response = await t.gql<Data>(apiKey, query, { id, locale })
  expect(response.errors).toBeUndefined()
  return response.data!
}

/** `view` answers `inFrench` for fr, and the `source` text for de (never translated) and without a locale. */
async function expectFrenchElseSource(view: (locale?: string) => Promise<unknown>, inFrench: unknown, source: unknown) {
  expect(await view('fr')).toEqual(inFrench)
  expect(await view('de')).toEqual(source)
  expect(await view()).toEqual(source)
}

describe('nested text takes a locale', () => {
  it('reads menu and menu item titles, nested ones too, in French and falls back to the source', async () => {
    const { apiKey } = await multilingual('nested-menu')
    const created = await t.gql<{ menuCreate: { menu: { id: string } } }>(apiKey, CREATE_MENU, {
      input: { title: 'Main menu' },
    })
    expect(created.errors).toBeUndefined()
    const menuId = created.data!.menuCreate.menu.id
    const add = async (title: string, parentId?: string) => {
      const added = await t.gql<{ menuItemAdd: { itemId: string } }>(apiKey, ADD_ITEM, {
        input: { menuId, parentId, title, link: { type: 'HOME' } },
      })
      expect(added.errors).toBeUndefined()
      return added.data!.menuItemAdd.itemId
    }
    const shop = await add('Shop')
    const sale = await add('Sale', shop)
    await french(apiKey, menuId, [
      { key: 'title', value: 'Menu principal', source: 'Main menu' },
      { key: `items.${shop}.title`, value: 'Boutique', source: 'Shop' },
      { key: `items.${sale}.title`, value: 'Soldes', source: 'Sale' },
    ])

    const menu = (locale?: string) => read<{ menu: unknown }>(apiKey, MENU, menuId, locale).then((data) => data.menu)
    const inFrench = {
      title: 'Menu principal',
      items: [{ id: shop, title: 'Boutique', items: [{ id: sale, title: 'Soldes' }] }],
    }
    const english = { title: 'Main menu', items: [{ id: shop, title: 'Shop', items: [{ id: sale, title: 'Sale' }] }] }
    await expectFrenchElseSource(menu, inFrench, english)
    expect(await menu('fr-CA')).toEqual(inFrench)
  })

  it('reads product option names and SEO in French and falls back to the source', async () => {
    const { apiKey } = await multilingual('nested-product')
    const product = await createProduct(t, apiKey, {
      title: 'Shirt',
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red'] },
      ],
      seo: { title: 'Cotton shirt', description: 'A light shirt' },
    })
    await french(apiKey, product.id, [
      { key: 'options.0.name', value: 'Taille', source: 'Size' },
      { key: 'seo.title', value: 'Chemise en coton', source: 'Cotton shirt' },
    ])

    const productView = (locale?: string) =>
      read<{ product: unknown }>(apiKey, PRODUCT, product.id, locale).then((data) => data.product)
    await expectFrenchElseSource(
      productView,
      {
        options: [{ name: 'Taille' }, { name: 'Color' }],
        seo: { title: 'Chemise en coton', description: 'A light shirt' },
      },
      { options: [{ name: 'Size' }, { name: 'Color' }], seo: { title: 'Cotton shirt', description: 'A light shirt' } },
    )
  })

  it('reads attribute option labels in French and falls back to the source', async () => {
    const { apiKey } = await multilingual('nested-attribute')
    const attribute = await createRedBlueAttribute(t, apiKey, 'color', 'Color')
    await french(apiKey, attribute.id, [{ key: 'options.red.label', value: 'Rouge', source: 'Red' }])

    const options = (locale?: string) =>
      read<{ attribute: { options: unknown } }>(apiKey, ATTRIBUTE, attribute.id, locale).then(
        (data) => data.attribute.options,
      )
    await expectFrenchElseSource(
      options,
      [
        { code: 'red', label: 'Rouge' },
        { code: 'blue', label: 'Blue' },
      ],
      [
        { code: 'red', label: 'Red' },
        { code: 'blue', label: 'Blue' },
      ],
    )
  })

  it('refuses a locale that is no BCP-47 tag on nested text', async () => {
    const { apiKey } = await multilingual('nested-bad-locale')
    const attribute = await createAttribute(t, apiKey, {
      code: 'size',
      name: 'Size',
      type: 'SELECT',
      options: [{ code: 's', label: 'Small' }],
    })
    const response = await t.gql(apiKey, ATTRIBUTE, { id: attribute.id, locale: 'not a locale!' })
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' })
  })
})
