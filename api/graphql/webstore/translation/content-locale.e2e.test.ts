import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { translationApi } from '../../../../test/support/translations.js'

// `ContentEntry.fields(locale)`: TEXT and RICH_TEXT values read their translation under the keys
// content-source.ts registers (`fields.<key>`, `fields.<key>.<index>`); other values stay as stored.

const t = useTestApp()
const { french, multilingual } = translationApi(() => t)

const CREATE_TYPE = `mutation ($input: ContentTypeCreateInput!) { contentTypeCreate(input: $input) { contentType { id } } }`
const CREATE_ENTRY = `mutation ($input: ContentEntryCreateInput!) { contentEntryCreate(input: $input) { contentEntry { id } } }`
const ENTRY = `query ($id: ID, $locale: Locale) { contentEntry(id: $id) { fields(locale: $locale) } }`
const ENTRIES = `query ($locale: Locale) { contentEntries(type: "promo") { nodes { fields(locale: $locale) } } }`

const SOURCE = { title: 'Summer sale', price: 49, tags: ['Hot', 'New'] }

/** A store with en (default), fr and de enabled, a promo type (text, number, text list) and one entry. */
async function promoStore(slug: string) {
  const { apiKey } = await multilingual(slug)
  const fields = [
    { key: 'title', type: 'TEXT' },
    { key: 'price', type: 'NUMBER' },
    { key: 'tags', type: 'TEXT', list: true },
  ]
  const type = await t.gql(apiKey, CREATE_TYPE, { input: { name: 'Promo', fields } })
  expect(type.errors).toBeUndefined()
  const entry = await t.gql<{ contentEntryCreate: { contentEntry: { id: string } } }>(apiKey, CREATE_ENTRY, {
    input: { typeHandle: 'promo', fields: SOURCE },
  })
  expect(entry.errors).toBeUndefined()
  return { apiKey, entryId: entry.data!.contentEntryCreate.contentEntry.id }
}

async function fieldsOf(apiKey: string, id: string, locale?: string) {
  const response = await t.gql<{ contentEntry: { fields: unknown } }>(apiKey, ENTRY, { id, locale })
  expect(response.errors).toBeUndefined()
  return response.data!.contentEntry.fields
}

describe('content entry fields take a locale', () => {
  it('reads text fields in French, leaves other values, and reads the source without a locale or translation', async () => {
    const { apiKey, entryId } = await promoStore('content-locale')
    await french(apiKey, entryId, [
      { key: 'fields.title', value: "Soldes d'été", source: 'Summer sale' },
      { key: 'fields.tags.1', value: 'Nouveau', source: 'New' },
    ])

    const inFrench = { title: "Soldes d'été", price: 49, tags: ['Hot', 'Nouveau'] }
    expect(await fieldsOf(apiKey, entryId, 'fr')).toEqual(inFrench)
    expect(await fieldsOf(apiKey, entryId, 'fr-CA')).toEqual(inFrench)
    expect(await fieldsOf(apiKey, entryId)).toEqual(SOURCE)
    expect(await fieldsOf(apiKey, entryId, 'de')).toEqual(SOURCE)
  })

  it('translates every entry of a list', async () => {
    const { apiKey, entryId } = await promoStore('content-locale-list')
    const second = await t.gql(apiKey, CREATE_ENTRY, {
      input: { typeHandle: 'promo', handle: 'winter', fields: { ...SOURCE, title: 'Winter sale' } },
    })
    expect(second.errors).toBeUndefined()
    await french(apiKey, entryId, [{ key: 'fields.title', value: "Soldes d'été", source: 'Summer sale' }])

    const listed = await t.gql<{ contentEntries: { nodes: { fields: { title: string } }[] } }>(apiKey, ENTRIES, {
      locale: 'fr',
    })
    expect(listed.errors).toBeUndefined()
    expect(listed.data!.contentEntries.nodes.map((node) => node.fields.title).sort()).toEqual([
      "Soldes d'été",
      'Winter sale',
    ])
  })

  it('refuses a locale that is not BCP-47', async () => {
    const { apiKey, entryId } = await promoStore('content-locale-bad')
    const response = await t.gql(apiKey, ENTRY, { id: entryId, locale: 'not a locale!' })
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' })
  })
})
