import { describe, expect, it } from 'vitest'
import { useTenant, useTestApp, type GraphQLResponse } from '../../../../test/support/app.js'
import { perFile } from '../../../../test/support/per-file.js'

const t = useTestApp()
const shop = useTenant(t, 'section-entries')
const other = useTenant(t, 'section-entries-other')

/** A section that shows one testimonial and a list of any entries. */
const SHOWCASE = `<div>{{ section.settings.quote }}</div>
{% schema %}
{
  "name": "Showcase",
  "settings": [
    { "type": "metaobject", "id": "quote", "label": "Testimonial", "metaobject_type": "testimonial" },
    { "type": "metaobject_list", "id": "entries", "label": "Entries", "limit": 3 }
  ]
}
{% endschema %}
`

type Section = { id: string; settings: Record<string, unknown>; renderData: { settings: Record<string, unknown> } }
const SECTION_ADD =
  'mutation($input: ThemeSectionAddInput!) { themeSectionAdd(input: $input) { section { id settings renderData } } }'

async function ok<T>(apiKey: string, query: string, input: Record<string, unknown>, name: string): Promise<T> {
  const response = await t.gql<Record<string, T>>(apiKey, query, { input })
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined()
  return response.data![name]!
}

async function entry(apiKey: string, typeHandle: string, title: string): Promise<string> {
  const created = await ok<{ contentEntry: { id: string } }>(
    apiKey,
    'mutation($input: ContentEntryCreateInput!) { contentEntryCreate(input: $input) { contentEntry { id } } }',
    { typeHandle, fields: { title } },
    'contentEntryCreate',
  )
  return created.contentEntry.id
}

async function contentType(apiKey: string, name: string): Promise<void> {
  await ok(
    apiKey,
    'mutation($input: ContentTypeCreateInput!) { contentTypeCreate(input: $input) { contentType { id } } }',
    { name, fields: [{ key: 'title', type: 'TEXT', required: true }] },
    'contentTypeCreate',
  )
}

async function indexSections(): Promise<Section[]> {
  const response = await t.gql<{ theme: { template: { sections: Section[] } } }>(
    shop.apiKey,
    'query($id: ID!) { theme(id: $id) { template(name: "index") { sections { id settings renderData } } } }',
    { id: made.themeId },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.theme.template.sections
}

const addShowcase = (
  settings: Record<string, unknown>,
): Promise<GraphQLResponse<{ themeSectionAdd: { section: Section } }>> =>
  t.gql(shop.apiKey, SECTION_ADD, { input: { themeId: made.themeId, template: 'index', type: 'showcase', settings } })

/**
 * The shop's own theme with the showcase section, and content entries: a testimonial (`quote`) and
 * an FAQ entry (`question`) of the shop, and a testimonial of another store (`elsewhere`).
 */
const made = perFile(
  async () => {
    const themeId = (
      await ok<{ theme: { id: string } }>(
        shop.apiKey,
        'mutation($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { id } } }',
        { name: 'Entries', role: 'UNPUBLISHED' },
        'themeCreate',
      )
    ).theme.id
    await ok(
      shop.apiKey,
      'mutation($input: ThemeFileUpsertInput!) { themeFileUpsert(input: $input) { file { path } } }',
      { themeId, path: 'sections/showcase.liquid', content: SHOWCASE },
      'themeFileUpsert',
    )
    await contentType(shop.apiKey, 'Testimonial')
    await contentType(shop.apiKey, 'FAQ')
    await contentType(other.apiKey, 'Testimonial')
    return {
      themeId,
      quote: await entry(shop.apiKey, 'testimonial', 'Lovely shirts'),
      question: await entry(shop.apiKey, 'faq', 'Do you ship abroad?'),
      elsewhere: await entry(other.apiKey, 'testimonial', 'Not yours'),
    }
  },
  () => Promise.resolve(),
)

describe('a metaobject setting of a section', () => {
  it('takes an entry of its content type; the section keeps the ids in its settings and render data', async () => {
    const { quote, question } = made
    const added = await addShowcase({ quote, entries: [question, quote] })
    expect(added.errors, JSON.stringify(added.errors)).toBeUndefined()
    const section = added.data!.themeSectionAdd.section
    expect(section.settings).toEqual({ quote, entries: [question, quote] })
    expect(section.renderData.settings).toEqual({ quote, entries: [question, quote] })
    expect((await indexSections()).find((s) => s.id === section.id)?.settings).toEqual({
      quote,
      entries: [question, quote],
    })
  })

  it("refuses a missing entry, an entry of another type and another store's entry at input.settings.<id>, changing nothing", async () => {
    const { quote, question, elsewhere } = made
    const before = await indexSections()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quote: '01900000-0000-7000-8000-0000000000e9' }, 'quote', 'does not exist in this store'],
      [{ quote: question }, 'quote', "takes entries of content type 'testimonial'"],
      [{ quote: elsewhere }, 'quote', 'does not exist in this store'],
      [{ entries: [quote, elsewhere] }, 'entries', 'does not exist in this store'],
      [{ entries: ['not-an-id'] }, 'entries', 'must be a list of content entry ids'],
    ]
    for (const [settings, id, message] of cases) {
      const response = await addShowcase(settings)
      expect(response.errors?.[0]?.extensions, JSON.stringify(response.errors)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: ['input', 'settings', id],
      })
      expect(response.errors![0]!.message).toContain(message)
    }
    expect(await indexSections()).toEqual(before)
  })
})
