import { describe, expect, it } from 'vitest'
import type { PastEvent } from '../../shared/command.js'
import { fold } from '../../shared/event.js'
import { contentEntryStream, contentTypeStream } from '../content/streams.js'
import { defaultThemeFiles } from './default-theme.js'
import { themeFile } from './files.js'
import { parseSectionSchema } from './section-schema.js'
import { themeBlockAddInput, themeSectionAddInput } from './sections-commands.js'
import { themeBlockAdd } from './blocks-definitions.js'
import { themeSectionAdd } from './sections-definitions.js'
import { themeSectionsDecider } from './sections-prepare.js'
import { checkReferences } from './sections-references.js'
import { settingsOf } from './sections-schema.js'
import { settingValueProblem, type SettingDefinition } from './setting-definitions.js'
import type { ThemeCreated } from './events.js'
import type { ThemeSectionEvent } from './sections-events.js'
import { failure } from '../../../test/support/failure.js'
import { STORE, prepareEnv } from '../../../test/support/decide-context.js'

const OTHER_STORE = '01900000-0000-7000-8000-00000000a002'
const THEME = '01900000-0000-7000-8000-000000000001'
const TESTIMONIAL_TYPE = '01900000-0000-7000-8000-0000000000c1'
const FAQ_TYPE = '01900000-0000-7000-8000-0000000000c2'
const QUOTE = '01900000-0000-7000-8000-0000000000e1'
const QUESTION = '01900000-0000-7000-8000-0000000000e2'
const DELETED = '01900000-0000-7000-8000-0000000000e3'
const ELSEWHERE = '01900000-0000-7000-8000-0000000000e4'
const GHOST = '01900000-0000-7000-8000-0000000000e9'

/** A section that shows one testimonial, a list of any entries, and blocks that each show an FAQ entry. */
const SHOWCASE = `{% schema %}
{
  "name": "Showcase",
  "settings": [
    { "type": "metaobject", "id": "quote", "label": "Testimonial", "metaobject_type": "testimonial" },
    { "type": "metaobject_list", "id": "entries", "label": "Entries", "limit": 2 }
  ],
  "blocks": [{ "type": "faq", "name": "FAQ", "settings": [{ "type": "metaobject", "id": "entry", "label": "Question", "metaobject_type": "faq" }] }]
}
{% endschema %}
`
const files = [...defaultThemeFiles(), themeFile('sections/showcase.liquid', SHOWCASE)]
const themeCreated: ThemeCreated = {
  type: 'ThemeCreated',
  data: { themeId: THEME, name: 'T', role: 'DRAFT', source: 'DEFAULT', sourceThemeId: null, files },
}
const parsed = parseSectionSchema(SHOWCASE)
if (!parsed.ok || !parsed.schema) throw new Error('the showcase schema must parse')
const definitions = settingsOf(parsed.schema.settings)

const past = (type: string, data: Record<string, unknown>): PastEvent =>
  ({ type, data, revision: 0, occurredAt: '' }) as unknown as PastEvent
const typeCreated = (typeId: string, handle: string) =>
  past('ContentTypeCreated', { typeId, handle, name: handle, fields: [] })
const entryCreated = (entryId: string, typeId: string) =>
  past('ContentEntryCreated', { entryId, typeId, handle: entryId.slice(-2), fields: {} })

/** The streams of STORE (a testimonial, an FAQ entry, a deleted testimonial) and of OTHER_STORE (a testimonial). */
const streams: Record<string, PastEvent[]> = {
  [`theme-${STORE}_${THEME}`]: [themeCreated as unknown as PastEvent],
  [contentTypeStream(STORE, TESTIMONIAL_TYPE)]: [typeCreated(TESTIMONIAL_TYPE, 'testimonial')],
  [contentTypeStream(STORE, FAQ_TYPE)]: [typeCreated(FAQ_TYPE, 'faq')],
  [contentEntryStream(STORE, QUOTE)]: [entryCreated(QUOTE, TESTIMONIAL_TYPE)],
  [contentEntryStream(STORE, QUESTION)]: [entryCreated(QUESTION, FAQ_TYPE)],
  [contentEntryStream(STORE, DELETED)]: [
    entryCreated(DELETED, TESTIMONIAL_TYPE),
    past('ContentEntryDeleted', { entryId: DELETED, typeId: TESTIMONIAL_TYPE, handle: 'e3' }),
  ],
  [contentTypeStream(OTHER_STORE, TESTIMONIAL_TYPE)]: [typeCreated(TESTIMONIAL_TYPE, 'testimonial')],
  [contentEntryStream(OTHER_STORE, ELSEWHERE)]: [entryCreated(ELSEWHERE, TESTIMONIAL_TYPE)],
}

const env = prepareEnv({
  newId: () => '01900000-0000-7000-8000-00000000beef',
  readStream: async (stream) => streams[stream] ?? [],
})

const check = (values: Record<string, unknown>) =>
  checkReferences(env, STORE, definitions, values, ['input', 'settings'])
describe('metaobject settings in a schema', () => {
  it('read metaobject_type and limit; a limit above 50 is refused', () => {
    expect(definitions).toMatchObject([
      { type: 'metaobject', metaobject_type: 'testimonial' },
      { type: 'metaobject_list', limit: 2 },
    ])
    const tooMany = parseSectionSchema(
      '{% schema %}{"name": "X", "settings": [{"type": "metaobject_list", "id": "l", "label": "L", "limit": 51}]}{% endschema %}',
    )
    expect(tooMany).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('limit must be at most 50') },
    })
  })

  it('take a content entry id (or nothing) and a list of distinct ids up to the limit', () => {
    const [one, list] = definitions as [SettingDefinition, SettingDefinition]
    expect(settingValueProblem(one, QUOTE)).toBeNull()
    expect(settingValueProblem(one, '')).toBeNull()
    expect(settingValueProblem(one, 'my-quote')).toContain('must be the id of a content entry')
    expect(settingValueProblem(list, [QUOTE, QUESTION])).toBeNull()
    expect(settingValueProblem(list, QUOTE)).toContain('must be a list of content entry ids')
    expect(settingValueProblem(list, [QUOTE, QUESTION, DELETED])).toContain('at most 2 content entries, not 3')
    expect(settingValueProblem(list, [QUOTE, QUOTE])).toContain('names a content entry twice')
  })
})

describe('content entries named by settings', () => {
  it('accept live entries of this store of the named type, any type in a list without metaobject_type, and empty values', async () => {
    await expect(check({ quote: QUOTE, entries: [QUESTION, QUOTE] })).resolves.toBeUndefined()
    await expect(check({ quote: QUOTE.toUpperCase(), entries: [] })).resolves.toBeUndefined()
    await expect(check({ quote: '', entries: null })).resolves.toBeUndefined()
  })

  it('refuse a missing or deleted entry at the setting', async () => {
    for (const id of [GHOST, DELETED]) {
      await expect(failure(() => check({ quote: id }))).resolves.toMatchObject({
        code: 'BAD_USER_INPUT',
        field: ['input', 'settings', 'quote'],
        message: expect.stringContaining(`content entry '${id}', which does not exist in this store`),
      })
    }
    await expect(failure(() => check({ entries: [QUOTE, GHOST] }))).resolves.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'entries'],
    })
  })

  it("refuse an entry of another content type than the setting's metaobject_type", async () => {
    await expect(failure(() => check({ quote: QUESTION }))).resolves.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'quote'],
      message: expect.stringContaining("takes entries of content type 'testimonial', but content entry"),
    })
  })

  it("treat another store's entry exactly like a missing one", async () => {
    const missing = await failure(() => check({ quote: GHOST }))
    const elsewhere = await failure(() => check({ quote: ELSEWHERE }))
    expect(elsewhere).toMatchObject({
      code: missing.code,
      field: missing.field,
      message: missing.message.replace(GHOST, ELSEWHERE),
    })
  })

  it('are checked by prepare for section and block settings; the stored value is the id as given', async () => {
    const add = themeSectionAddInput.parse({
      themeId: THEME,
      template: 'index',
      type: 'showcase',
      id: 'showcase',
      settings: { quote: QUESTION },
    })
    await expect(failure(async () => themeSectionAdd.prepare(add, env))).resolves.toMatchObject({
      field: ['input', 'settings', 'quote'],
    })
    const good = await themeSectionAdd.prepare({ ...add, settings: { quote: QUOTE, entries: [QUESTION] } }, env)
    const state = fold(themeSectionsDecider, [themeCreated])
    const [added] = themeSectionsDecider.decide(good.command, state, env.ctx) as ThemeSectionEvent[]
    expect(JSON.parse(added!.data.file.content).sections.showcase).toMatchObject({
      type: 'showcase',
      settings: { quote: QUOTE, entries: [QUESTION] },
    })

    const block = themeBlockAddInput.parse({
      themeId: THEME,
      template: 'index',
      sectionId: 'showcase',
      type: 'faq',
      settings: { entry: QUOTE },
    })
    const withSection = {
      ...env,
      readStream: async (stream: string) =>
        stream === `theme-${STORE}_${THEME}`
          ? [themeCreated as unknown as PastEvent, added as unknown as PastEvent]
          : env.readStream(stream),
    }
    await expect(failure(async () => themeBlockAdd.prepare(block, withSection))).resolves.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'entry'],
    })
    await expect(
      Promise.resolve(themeBlockAdd.prepare({ ...block, settings: { entry: QUESTION } }, withSection)),
    ).resolves.toMatchObject({ command: { type: 'ThemeBlockAdd' } })
  })
})
