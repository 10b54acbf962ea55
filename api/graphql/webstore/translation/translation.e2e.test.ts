import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  auditTrail,
  createProduct,
  onlyError,
  POSITION,
  UPDATE_PRODUCT,
  badInput,
} from '../../../../test/support/products.js'
import { createPage } from '../../../../test/support/webstore-content.js'
import { digest, LOCALIZED, translationApi } from '../../../../test/support/translations.js'

// Translations through the GraphQL endpoint: the must-show (outdated flag, locale reads with
// fallback), removal, every error path, scopes and tenant isolation.

const t = useTestApp()

const { register, remove, resource, localized, multilingual } = translationApi(() => t)
describe('translationsRegister and locale reads', () => {
  it('flags a French translation outdated when the English source is edited; fr reads return French and fall back to the default', async () => {
    const { apiKey } = await multilingual('tr-must-show')
    const product = await createProduct(t, apiKey, { title: 'Summer shirt', description: '<p>Light cotton</p>' })

    const before = await resource(apiKey, product.id)
    expect(before.errors).toBeUndefined()
    expect(before.data!.translatableResource).toEqual({
      resourceId: product.id,
      resourceType: 'PRODUCT',
      translatableContent: [
        { key: 'title', value: 'Summer shirt', digest: digest('Summer shirt') },
        { key: 'description', value: '<p>Light cotton</p>', digest: digest('<p>Light cotton</p>') },
      ],
      translations: [],
    })

    const written = await register(apiKey, {
      resourceId: product.id,
      locale: 'fr',
      translations: [{ key: 'title', value: "Chemise d'été", sourceDigest: digest('Summer shirt') }],
    })
    expect(written.errors).toBeUndefined()
    expect(written.data!.translationsRegister.eventPosition).toMatch(POSITION)
    expect(written.data!.translationsRegister.translatableResource!.translations).toEqual([
      { locale: 'fr', key: 'title', value: "Chemise d'été", sourceDigest: digest('Summer shirt'), outdated: false },
    ])

    expect(await localized(apiKey, product.id, 'fr')).toEqual({
      title: "Chemise d'été",
      description: '<p>Light cotton</p>',
    })
    expect(await localized(apiKey, product.id, 'fr-CA')).toEqual({
      title: "Chemise d'été",
      description: '<p>Light cotton</p>',
    })
    expect(await localized(apiKey, product.id, 'de')).toEqual({
      title: 'Summer shirt',
      description: '<p>Light cotton</p>',
    })
    expect(await localized(apiKey, product.id)).toEqual({ title: 'Summer shirt', description: '<p>Light cotton</p>' })

    const edited = await t.gql(apiKey, UPDATE_PRODUCT, { input: { id: product.id, title: 'Summer linen shirt' } })
    expect(edited.errors).toBeUndefined()
    const after = (await resource(apiKey, product.id, 'fr')).data!.translatableResource
    expect(after.translatableContent[0]).toEqual({
      key: 'title',
      value: 'Summer linen shirt',
      digest: digest('Summer linen shirt'),
    })
    expect(after.translations).toEqual([
      { locale: 'fr', key: 'title', value: "Chemise d'été", sourceDigest: digest('Summer shirt'), outdated: true },
    ])
    // Outdated translations still show until they are redone.
    expect((await localized(apiKey, product.id, 'fr')).title).toBe("Chemise d'été")

    const redone = await register(apiKey, {
      resourceId: product.id,
      locale: 'fr',
      translations: [{ key: 'title', value: "Chemise d'été en lin", sourceDigest: digest('Summer linen shirt') }],
    })
    expect(redone.data!.translationsRegister.translatableResource!.translations).toEqual([
      {
        locale: 'fr',
        key: 'title',
        value: "Chemise d'été en lin",
        sourceDigest: digest('Summer linen shirt'),
        outdated: false,
      },
    ])
    expect(await auditTrail(t, apiKey, product.id)).toEqual(
      expect.arrayContaining(['TranslationRegistered@0', 'TranslationRegistered@1']),
    )
  })

  it('records nothing when the same translations are registered again', async () => {
    const { apiKey } = await multilingual('tr-repeat')
    const product = await createProduct(t, apiKey, { title: 'Mug' })
    const input = {
      resourceId: product.id,
      locale: 'fr',
      translations: [{ key: 'title', value: 'Tasse', sourceDigest: digest('Mug') }],
    }
    expect((await register(apiKey, input)).data!.translationsRegister.eventPosition).toMatch(POSITION)
    expect((await register(apiKey, input)).data!.translationsRegister.eventPosition).toBeNull()
  })

  it('translates pages and reads translations of one locale or all', async () => {
    const { apiKey } = await multilingual('tr-page')
    const page = await createPage(t, apiKey, {
      title: 'About us',
      body: '<p>Hello</p>',
      seo: { description: 'Who we are' },
    })
    const content = (await resource(apiKey, page.id)).data!.translatableResource
    expect(content.resourceType).toBe('PAGE')
    expect(content.translatableContent.map((item) => item.key)).toEqual(['title', 'body', 'seo.description'])
    await register(apiKey, {
      resourceId: page.id,
      locale: 'fr',
      translations: [{ key: 'body', value: '<p>Bonjour</p>', sourceDigest: digest('<p>Hello</p>') }],
    })
    await register(apiKey, {
      resourceId: page.id,
      locale: 'de',
      translations: [{ key: 'seo.description', value: 'Wer wir sind', sourceDigest: digest('Who we are') }],
    })
    expect(
      (await resource(apiKey, page.id)).data!.translatableResource.translations.map(
        (item) => `${item.locale}:${item.key}`,
      ),
    ).toEqual(['de:seo.description', 'fr:body'])
    expect(
      (await resource(apiKey, page.id, 'fr')).data!.translatableResource.translations.map((item) => item.value),
    ).toEqual(['<p>Bonjour</p>'])
    const read = await t.gql<{ page: { title: string; body: string } }>(
      apiKey,
      'query ($id: ID) { page(id: $id) { title(locale: "fr") body(locale: "fr") } }',
      { id: page.id },
    )
    expect(read.data!.page).toEqual({ title: 'About us', body: '<p>Bonjour</p>' })
  })

  it('reads categories and product lists with a locale', async () => {
    const { apiKey } = await multilingual('tr-types')
    const products = [
      await createProduct(t, apiKey, { title: 'One' }),
      await createProduct(t, apiKey, { title: 'Two' }),
    ]
    for (const [index, product] of products.entries()) {
      await register(apiKey, {
        resourceId: product.id,
        locale: 'de',
        translations: [{ key: 'title', value: `Eins ${index}`, sourceDigest: digest(product.title) }],
      })
    }
    const list = await t.gql<{ products: { nodes: { title: string }[] } }>(
      apiKey,
      'query { products(sort: CREATED_AT_ASC) { nodes { title(locale: "de") } } }',
    )
    expect(list.data!.products.nodes).toEqual([{ title: 'Eins 0' }, { title: 'Eins 1' }])
    const category = await t.gql<{ categoryCreate: { category: { id: string } } }>(
      apiKey,
      'mutation { categoryCreate(input: {title: "Hats", description: "Warm hats"}) { category { id } } }',
    )
    expect(category.errors).toBeUndefined()
    const categoryId = category.data!.categoryCreate.category.id
    await register(apiKey, {
      resourceId: categoryId,
      locale: 'de',
      translations: [{ key: 'title', value: 'Hüte', sourceDigest: digest('Hats') }],
    })
    const read = await t.gql<{ category: { title: string; description: string } }>(
      apiKey,
      'query ($id: ID) { category(id: $id) { title(locale: "de") description(locale: "de") } }',
      { id: categoryId },
    )
    expect(read.data!.category).toEqual({ title: 'Hüte', description: 'Warm hats' })
  })
})

describe('translationsRegister errors change nothing', () => {
  let apiKey: string
  let productId: string
  const title = { key: 'title', value: 'Chemise', sourceDigest: digest('Shirt') }
  beforeAll(async () => {
    apiKey = (await multilingual('tr-errors')).apiKey
    productId = (await createProduct(t, apiKey, { title: 'Shirt' })).id
  })
  const unchanged = async () =>
    expect((await resource(apiKey, productId)).data!.translatableResource.translations).toEqual([])

  it('answers CONFLICT for a digest of another source text', async () => {
    expect(
      onlyError(
        await register(apiKey, {
          resourceId: productId,
          locale: 'fr',
          translations: [{ ...title, sourceDigest: digest('Shirts') }],
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      field: ['input', 'translations', 0, 'sourceDigest'],
      message:
        "the source of 'title' changed since its digest was fetched; fetch translatableResource again and translate the current text",
    })
    await unchanged()
  })

  it('answers BAD_USER_INPUT for a locale not enabled, the default locale, an unknown key and malformed input', async () => {
    expect(onlyError(await register(apiKey, { resourceId: productId, locale: 'es', translations: [title] }))).toEqual(
      badInput(
        ['input', 'locale'],
        "locale 'es' is not enabled on this store (the enabled ones besides the default are fr, de); enable it with storeUpdate enabledLocales first",
      ),
    )
    expect(
      onlyError(await register(apiKey, { resourceId: productId, locale: 'en', translations: [title] })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'locale'] })
    expect(
      onlyError(
        await register(apiKey, {
          resourceId: productId,
          locale: 'fr',
          translations: [title, { key: 'vendor', value: 'x', sourceDigest: digest('') }],
        }),
      ),
    ).toEqual(
      badInput(
        ['input', 'translations', 1, 'key'],
        "'vendor' is not a translatable key of this product; its keys are title",
      ),
    )
    expect(
      onlyError(
        await register(apiKey, {
          resourceId: productId,
          locale: 'fr',
          translations: [{ ...title, sourceDigest: 'abc' }],
        }),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'translations', 0, 'sourceDigest'],
    })
    expect(
      onlyError(await register(apiKey, { resourceId: productId, locale: 'no such locale', translations: [title] })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'locale'] })
    await unchanged()
  })

  it('answers NOT_FOUND for an unknown id and BAD_USER_INPUT for a bad locale argument', async () => {
    const unknown = '01900000-0000-7000-8000-000000000bad'
    expect(
      onlyError(await register(apiKey, { resourceId: unknown, locale: 'fr', translations: [title] })),
    ).toMatchObject({ code: 'NOT_FOUND', message: `translatable resource '${unknown}' does not exist in this store` })
    expect(onlyError(await resource(apiKey, unknown))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await resource(apiKey, 'not-a-uuid'))).toMatchObject({
      code: 'NOT_FOUND',
      message: "translatable resource 'not-a-uuid' does not exist in this store",
    })
    expect(onlyError(await remove(apiKey, { resourceId: unknown, locale: 'fr', keys: ['title'] }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    const badLocale = await t.gql(apiKey, LOCALIZED, { id: productId, locale: '!!' })
    // One error per localized field asked for (title and description).
    expect(badLocale.errors!.map((error) => [error.extensions.code, error.extensions.field, error.message])).toEqual(
      Array(2).fill([
        'BAD_USER_INPUT',
        ['locale'],
        `'!!' is not a BCP-47 locale; use a language tag such as "en", "de" or "fr-CA"`,
      ]),
    )
  })

  it("treats another store's resources as missing and needs webstore:write to write", async () => {
    const other = await multilingual('tr-other')
    expect(
      onlyError(await register(other.apiKey, { resourceId: productId, locale: 'fr', translations: [title] })),
    ).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await resource(other.apiKey, productId))).toMatchObject({ code: 'NOT_FOUND' })
    const readOnly = await t.key('tr-errors', ['webstore:read', 'products:read'])
    expect(
      onlyError(await register(readOnly, { resourceId: productId, locale: 'fr', translations: [title] })),
    ).toMatchObject({ code: 'FORBIDDEN' })
    expect((await resource(readOnly, productId)).errors).toBeUndefined()
    const noWebstore = await t.key('tr-errors', ['products:read'])
    expect(onlyError(await resource(noWebstore, productId))).toMatchObject({ code: 'FORBIDDEN' })
    await unchanged()
  })
})

describe('translationsRemove', () => {
  it('removes translations of one locale so reads fall back, and records nothing the second time', async () => {
    const { apiKey } = await multilingual('tr-remove')
    const product = await createProduct(t, apiKey, { title: 'Cap', description: 'Warm' })
    await register(apiKey, {
      resourceId: product.id,
      locale: 'fr',
      translations: [
        { key: 'title', value: 'Casquette', sourceDigest: digest('Cap') },
        { key: 'description', value: 'Chaud', sourceDigest: digest('Warm') },
      ],
    })
    await register(apiKey, {
      resourceId: product.id,
      locale: 'de',
      translations: [{ key: 'title', value: 'Mütze', sourceDigest: digest('Cap') }],
    })

    const removed = await remove(apiKey, { resourceId: product.id, locale: 'fr', keys: ['title'] })
    expect(removed.errors).toBeUndefined()
    expect(removed.data!.translationsRemove.eventPosition).toMatch(POSITION)
    expect(
      removed.data!.translationsRemove.translatableResource!.translations.map((item) => `${item.locale}:${item.key}`),
    ).toEqual(['de:title', 'fr:description'])
    expect(await localized(apiKey, product.id, 'fr')).toEqual({ title: 'Cap', description: 'Chaud' })
    expect(
      (await remove(apiKey, { resourceId: product.id, locale: 'fr', keys: ['title'] })).data!.translationsRemove
        .eventPosition,
    ).toBeNull()
    expect(onlyError(await remove(apiKey, { resourceId: product.id, locale: 'fr', keys: [] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'keys'],
    })
  })
})
