import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { createAttribute } from '../../../../test/support/attributes.js'
import { createProduct, onlyError } from '../../../../test/support/products.js'
import { untilMainTheme } from '../../../../test/support/themes.js'
import { createPage } from '../../../../test/support/webstore-content.js'
import { digest, translationApi } from '../../../../test/support/translations.js'

// What can be translated beyond product text: theme strings and section settings, option names
// and attribute values, content entries, and the list of translatable resources.

const t = useTestApp()

const { register, resource, multilingual } = translationApi(() => t)
describe('theme translations', () => {
  it("lists the default locale's strings and the text settings of placed sections, and translates them", async () => {
    const { apiKey } = await multilingual('tr-theme')
    const theme = await untilMainTheme(t, apiKey)
    const content = (await resource(apiKey, theme.id)).data!.translatableResource
    expect(content.resourceType).toBe('THEME')
    const keys = content.translatableContent.map((item) => item.key)
    expect(keys.some((key) => key.startsWith('locales.'))).toBe(true)
    expect(keys.some((key) => /^templates\/index\.json\.sections\.[^.]+\.settings\./.test(key))).toBe(true)
    // Colors and pickers are settings too, but not text.
    expect(content.translatableContent.every((item) => !/^#[0-9a-f]{3,8}$/i.test(item.value))).toBe(true)
    const first = content.translatableContent.find((item) => item.key.startsWith('locales.'))!
    const written = await register(apiKey, {
      resourceId: theme.id,
      locale: 'fr',
      translations: [{ key: first.key, value: 'Traduit', sourceDigest: first.digest }],
    })
    expect(written.errors).toBeUndefined()
    expect(written.data!.translationsRegister.translatableResource!.translations).toMatchObject([
      { locale: 'fr', key: first.key, value: 'Traduit', outdated: false },
    ])
  })
})

describe('product option names and attribute values', () => {
  it('lists option names and TEXT attribute values of a product, not its numbers', async () => {
    const { apiKey } = await multilingual('tr-product-parts')
    const material = await createAttribute(t, apiKey, { code: 'material', name: 'Material', type: 'TEXT' })
    await createAttribute(t, apiKey, { code: 'weight', name: 'Weight', type: 'NUMBER' })
    const product = await createProduct(t, apiKey, { title: 'Tee', options: [{ name: 'Size', values: ['S', 'M'] }] })
    const set = await t.gql(
      apiKey,
      'mutation ($input: ProductAttributesSetInput!) { productAttributesSet(input: $input) { eventPosition } }',
      {
        input: {
          productId: product.id,
          values: [
            { code: 'material', value: 'Cotton' },
            { code: 'weight', value: 120 },
          ],
        },
      },
    )
    expect(set.errors).toBeUndefined()
    const content = (await resource(apiKey, product.id)).data!.translatableResource.translatableContent
    expect(content.map((item) => [item.key, item.value])).toEqual([
      ['title', 'Tee'],
      ['options.0.name', 'Size'],
      ['attributes.material', 'Cotton'],
    ])
    const written = await register(apiKey, {
      resourceId: product.id,
      locale: 'fr',
      translations: [{ key: 'attributes.material', value: 'Coton', sourceDigest: digest('Cotton') }],
    })
    expect(written.errors).toBeUndefined()
    await register(apiKey, {
      resourceId: material.id,
      locale: 'fr',
      translations: [{ key: 'name', value: 'Matière', sourceDigest: digest('Material') }],
    })
    const read = await t.gql<{ attribute: { name: string } }>(
      apiKey,
      'query ($id: ID) { attribute(id: $id) { name(locale: "fr") } }',
      { id: material.id },
    )
    expect(read.data!.attribute).toEqual({ name: 'Matière' })
  })
})

describe('content entry translations', () => {
  it('lists the text fields of an entry, not its numbers, and translates them', async () => {
    const { apiKey } = await multilingual('tr-content')
    const type = await t.gql<{ contentTypeCreate: { contentType: { id: string } } }>(
      apiKey,
      'mutation ($input: ContentTypeCreateInput!) { contentTypeCreate(input: $input) { contentType { id } } }',
      {
        input: {
          name: 'Banner',
          fields: [
            { key: 'headline', type: 'TEXT' },
            { key: 'priority', type: 'NUMBER' },
          ],
        },
      },
    )
    expect(type.errors).toBeUndefined()
    const entry = await t.gql<{ contentEntryCreate: { contentEntry: { id: string } } }>(
      apiKey,
      'mutation ($input: ContentEntryCreateInput!) { contentEntryCreate(input: $input) { contentEntry { id } } }',
      {
        input: {
          typeId: type.data!.contentTypeCreate.contentType.id,
          fields: { headline: 'Summer sale', priority: 3 },
        },
      },
    )
    expect(entry.errors).toBeUndefined()
    const entryId = entry.data!.contentEntryCreate.contentEntry.id
    const content = (await resource(apiKey, entryId)).data!.translatableResource
    expect(content).toMatchObject({
      resourceType: 'CONTENT_ENTRY',
      translatableContent: [{ key: 'fields.headline', value: 'Summer sale', digest: digest('Summer sale') }],
    })
    const written = await register(apiKey, {
      resourceId: entryId,
      locale: 'fr',
      translations: [{ key: 'fields.headline', value: 'Soldes d’été', sourceDigest: digest('Summer sale') }],
    })
    expect(written.data!.translationsRegister.translatableResource!.translations).toMatchObject([
      { key: 'fields.headline', value: 'Soldes d’été', outdated: false },
    ])
  })
})

describe('translatableResources', () => {
  it('lists the resources of one kind oldest first in cursor and page mode, with translations', async () => {
    const { apiKey } = await multilingual('tr-list')
    const a = await createProduct(t, apiKey, { title: 'A' })
    const b = await createProduct(t, apiKey, { title: 'B' })
    const c = await createProduct(t, apiKey, { title: 'C' })
    await createPage(t, apiKey, { title: 'Not a product' })
    await register(apiKey, {
      resourceId: b.id,
      locale: 'fr',
      translations: [{ key: 'title', value: 'Bé', sourceDigest: digest('B') }],
    })
    const LIST = `query ($type: TranslatableResourceType!, $first: Int, $after: String, $page: Int, $limit: Int) {
      translatableResources(resourceType: $type, first: $first, after: $after, page: $page, limit: $limit) {
        nodes { resourceId translatableContent { value } translations { value } } totalCount pageInfo { hasNextPage endCursor totalPages } } }`
    type List = {
      translatableResources: {
        nodes: { resourceId: string; translatableContent: { value: string }[]; translations: { value: string }[] }[]
        totalCount: number
        pageInfo: { hasNextPage: boolean; endCursor: string | null; totalPages: number | null }
      }
    }
    const first = await t.gql<List>(apiKey, LIST, { type: 'PRODUCT', first: 2 })
    expect(first.errors).toBeUndefined()
    const list = first.data!.translatableResources
    expect(list.nodes).toEqual([
      { resourceId: a.id, translatableContent: [{ value: 'A' }], translations: [] },
      { resourceId: b.id, translatableContent: [{ value: 'B' }], translations: [{ value: 'Bé' }] },
    ])
    expect(list.totalCount).toBe(3)
    const next = await t.gql<List>(apiKey, LIST, { type: 'PRODUCT', first: 2, after: list.pageInfo.endCursor })
    expect(next.data!.translatableResources.nodes.map((node) => node.resourceId)).toEqual([c.id])
    expect(next.data!.translatableResources.pageInfo.hasNextPage).toBe(false)
    const paged = await t.gql<List>(apiKey, LIST, { type: 'PRODUCT', page: 2, limit: 2 })
    expect(paged.data!.translatableResources.nodes.map((node) => node.resourceId)).toEqual([c.id])
    expect(paged.data!.translatableResources.pageInfo.totalPages).toBe(2)
    expect((await t.gql<List>(apiKey, LIST, { type: 'PAGE' })).data!.translatableResources.totalCount).toBe(1)
    expect(onlyError(await t.gql(apiKey, LIST, { type: 'PRODUCT', first: 251 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
  })

  it('sorts newest first and walks backward with last/before, from the list spec', async () => {
    const { apiKey } = await multilingual('tr-sort')
    const ids: string[] = []
    for (const title of ['A', 'B', 'C']) ids.push((await createProduct(t, apiKey, { title })).id)
    const LIST = `query ($sort: TranslatableResourceSort, $last: Int, $before: String) {
      translatableResources(resourceType: PRODUCT, sort: $sort, last: $last, before: $before) {
        nodes { resourceId } pageInfo { hasPreviousPage hasNextPage startCursor } } }`
    type List = {
      translatableResources: {
        nodes: { resourceId: string }[]
        pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null }
      }
    }
    const newest = await t.gql<List>(apiKey, LIST, { sort: 'CREATED_AT_DESC' })
    expect(newest.data!.translatableResources.nodes.map((node) => node.resourceId)).toEqual([...ids].reverse())
    const end = (await t.gql<List>(apiKey, LIST, { last: 2 })).data!.translatableResources
    expect(end.nodes.map((node) => node.resourceId)).toEqual(ids.slice(1))
    expect(end.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false })
    const start = await t.gql<List>(apiKey, LIST, { last: 2, before: end.pageInfo.startCursor })
    expect(start.data!.translatableResources.nodes.map((node) => node.resourceId)).toEqual(ids.slice(0, 1))
    expect(start.data!.translatableResources.pageInfo.hasPreviousPage).toBe(false)
  })
})
