import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { ThemeCommand, ThemeCreate } from './commands.js'
import { defaultThemeFiles } from './default-theme.js'
import { defaultThemeId, roleReservations, themeDecider } from './definitions.js'
import type { ThemeCreated, ThemeEvent } from './events.js'
import { SETTINGS_DATA_PATH, themeFile } from './files.js'
import { THEME_DRAFT_KEY, THEME_MAIN_KEY } from './streams.js'
import type { ThemeRoles } from './theme.js'
import { STORE, ctx } from '../../../test/support/decide-context.js'

const ID = '01900000-0000-7000-8000-000000000001'
const OLD_MAIN = '01900000-0000-7000-8000-000000000002'
const DRAFT = '01900000-0000-7000-8000-000000000003'
const spec = deciderSpec(themeDecider, ctx)
const NO_ROLES: ThemeRoles = { main: null, draft: null }

const files = defaultThemeFiles()
const create = (
  overrides: Partial<ThemeCreate['data']> = {},
  roles = NO_ROLES,
  extra: Partial<ThemeCreate> = {},
): ThemeCommand => ({
  type: 'ThemeCreate',
  data: { themeId: ID, name: 'Summer', source: 'DEFAULT', sourceThemeId: null, files, role: null, ...overrides },
  roles,
  ...extra,
})
const created = (role: ThemeCreated['data']['role'] = 'DRAFT'): ThemeCreated => ({
  type: 'ThemeCreated',
  data: { themeId: ID, name: 'Summer', role, source: 'DEFAULT', sourceThemeId: null, files },
})
const deleted: ThemeEvent = { type: 'ThemeDeleted', data: { themeId: ID, role: 'DRAFT' } }

describe('the default theme', () => {
  it('has every file the renderer needs, all of them valid', () => {
    const paths = files.map((f) => f.path)
    for (const required of [
      'layout/theme.liquid',
      'templates/index.json',
      'templates/product.json',
      'sections/header.liquid',
      'locales/en.default.json',
      'locales/fr.json',
    ]) {
      expect(paths).toContain(required)
    }
    // The decider validates every file on create: the default theme must pass its own checks.
    spec.given([]).when(create()).then([created()])
  })

  it('has a stable id per store', () => {
    expect(defaultThemeId(STORE)).toBe(defaultThemeId(STORE))
    expect(defaultThemeId(STORE)).not.toBe(defaultThemeId(ID))
  })
})

describe('themeCreate', () => {
  it('makes a DRAFT when the store has none, UNPUBLISHED when it has one', () => {
    spec
      .given([])
      .when(create())
      .then([created('DRAFT')])
    spec
      .given([])
      .when(create({}, { main: OLD_MAIN, draft: DRAFT }))
      .then([created('UNPUBLISHED')])
  })

  it('refuses DRAFT while the store has a draft', () => {
    spec
      .given([])
      .when(create({ role: 'DRAFT' }, { main: OLD_MAIN, draft: DRAFT }))
      .thenFails({ code: 'CONFLICT', field: ['input', 'role'], message: 'already has a draft theme' })
  })

  it('installs MAIN only into a store without a main theme', () => {
    spec
      .given([])
      .when(create({ role: 'MAIN' }))
      .then([created('MAIN')])
    spec
      .given([])
      .when(create({ role: 'MAIN' }, { main: OLD_MAIN, draft: null }))
      .then([created('DRAFT')])
  })

  it('installing again changes nothing; creating again is a CONFLICT', () => {
    spec
      .given([created('MAIN')])
      .when(create({ role: 'MAIN' }, NO_ROLES, { ifMissing: true }))
      .then([])
    spec.given([created()]).when(create()).thenFails({ code: 'CONFLICT' })
  })

  it('refuses a theme missing a required file, or with a Liquid error, naming the file', () => {
    const withoutLayout = files.filter((f) => f.path !== 'layout/theme.liquid')
    spec
      .given([])
      .when(create({ files: withoutLayout }, NO_ROLES, { filesField: ['input', 'zip'] }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'zip'], message: 'layout/theme.liquid' })
    const broken = [
      ...files.filter((f) => f.path !== 'snippets/price.liquid'),
      themeFile('snippets/price.liquid', '{% if x %}\n  open'),
    ]
    spec
      .given([])
      .when(create({ files: broken }, NO_ROLES, { filesField: ['input', 'zip'] }))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'snippets/price.liquid line 1, column 1' })
    spec
      .given([])
      .when(create({ files: [...files, themeFile('images/logo.txt', 'x')] }))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'images/logo.txt is not a theme file' })
  })
})

describe('themeRename', () => {
  it('renames, and renaming to the same name records nothing', () => {
    spec
      .given([created()])
      .when({ type: 'ThemeRename', data: { themeId: ID, name: 'Winter' } })
      .then([{ type: 'ThemeRenamed', data: { themeId: ID, name: 'Winter' } }])
    spec
      .given([created()])
      .when({ type: 'ThemeRename', data: { themeId: ID, name: 'Summer' } })
      .then([])
  })
  it('answers NOT_FOUND for missing and deleted themes', () => {
    spec
      .given([])
      .when({ type: 'ThemeRename', data: { themeId: ID, name: 'x' } })
      .thenFails({ code: 'NOT_FOUND' })
    spec
      .given([created(), deleted])
      .when({ type: 'ThemeRename', data: { themeId: ID, name: 'x' } })
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('themeFileUpsert', () => {
  const upsert = (path: string, content: string): ThemeCommand => ({
    type: 'ThemeFileUpsert',
    data: { themeId: ID, path, content },
  })

  it('creates a new file and changes an existing one', () => {
    spec
      .given([created()])
      .when(upsert('snippets/badge.liquid', '<b>{{ text }}</b>'))
      .then([
        { type: 'ThemeFileCreated', data: { themeId: ID, ...themeFile('snippets/badge.liquid', '<b>{{ text }}</b>') } },
      ])
    spec
      .given([created()])
      .when(upsert('snippets/price.liquid', '{{ price | money }}'))
      .then([
        {
          type: 'ThemeFileChanged',
          data: { themeId: ID, ...themeFile('snippets/price.liquid', '{{ price | money }}') },
        },
      ])
  })

  it('records nothing when the content is the same', () => {
    const same = files.find((f) => f.path === 'snippets/price.liquid')!
    spec.given([created()]).when(upsert(same.path, same.content)).then([])
  })

  it('refuses a Liquid syntax error with line and column', () => {
    spec
      .given([created()])
      .when(upsert('sections/hero.liquid', '<h1>\n  {{ title | upcase \n</h1>'))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'content'],
        message: 'sections/hero.liquid line 2, column 3',
      })
  })

  it('refuses a section schema with bad JSON or a bad shape', () => {
    spec
      .given([created()])
      .when(upsert('sections/hero.liquid', 'x\n{% schema %}\n{ "name": "Hero", }\n{% endschema %}'))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'line 3, column 19' })
    spec
      .given([created()])
      .when(upsert('sections/hero.liquid', '{% schema %}{ "name": "Hero", "max_blocks": 51 }{% endschema %}'))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'max_blocks must be at most 50' })
  })

  it('refuses a template whose order names a missing section', () => {
    spec
      .given([created()])
      .when(upsert('templates/page.about.json', '{"sections": {}, "order": ["main"]}'))
      .thenFails({ code: 'BAD_USER_INPUT', message: "order names section 'main'" })
  })

  it('refuses settings_data.json values the schema does not allow', () => {
    spec
      .given([created()])
      .when(upsert(SETTINGS_DATA_PATH, '{"current": {"color_text": "red"}}'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'content'], message: 'hex color' })
  })

  it('answers NOT_FOUND for a missing theme', () => {
    spec.given([]).when(upsert('snippets/a.liquid', 'a')).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('themeFileDelete', () => {
  const remove = (path: string): ThemeCommand => ({ type: 'ThemeFileDelete', data: { themeId: ID, path } })
  it('deletes a file', () => {
    spec
      .given([created()])
      .when(remove('snippets/price.liquid'))
      .then([{ type: 'ThemeFileDeleted', data: { themeId: ID, path: 'snippets/price.liquid' } }])
  })
  it('refuses required files and answers NOT_FOUND for missing ones', () => {
    spec
      .given([created()])
      .when(remove('layout/theme.liquid'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'path'], message: 'required' })
    spec
      .given([created()])
      .when(remove('snippets/nope.liquid'))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'path'] })
    spec.given([]).when(remove('snippets/price.liquid')).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('themeSettingsUpdate', () => {
  const update = (settings: Record<string, unknown>): ThemeCommand => ({
    type: 'ThemeSettingsUpdate',
    data: { themeId: ID, settings },
  })
  it('records the new values and rewrites settings_data.json', () => {
    const content = `${JSON.stringify({ current: { color_accent: '#ff0000', page_width: 1400 } }, null, 2)}\n`
    spec
      .given([created()])
      .when(update({ color_accent: '#ff0000', page_width: 1400 }))
      .then([
        {
          type: 'ThemeSettingsChanged',
          data: {
            themeId: ID,
            settings: { color_accent: '#ff0000', page_width: 1400 },
            changed: ['color_accent', 'page_width'],
            file: themeFile(SETTINGS_DATA_PATH, content),
          },
        },
      ])
  })
  it('null resets a value; the same values record nothing', () => {
    const set: ThemeEvent[] = [
      created(),
      ...themeDecider.decide(
        update({ page_width: 1400 }),
        themeDecider.evolve(themeDecider.initialState(), created()),
        ctx,
      ),
    ]
    spec
      .given(set)
      .when(update({ page_width: 1400 }))
      .then([])
    spec
      .given(set)
      .when(update({ page_width: null }))
      .then([
        {
          type: 'ThemeSettingsChanged',
          data: {
            themeId: ID,
            settings: {},
            changed: ['page_width'],
            file: themeFile(SETTINGS_DATA_PATH, `${JSON.stringify({ current: {} }, null, 2)}\n`),
          },
        },
      ])
  })
  it('refuses unknown ids and values that do not fit, at the setting path', () => {
    spec
      .given([created()])
      .when(update({ colour: '#fff' }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'colour'], message: "no setting 'colour'" })
    spec
      .given([created()])
      .when(update({ page_width: 1450 }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'settings', 'page_width'], message: 'multiple of 100' })
    spec
      .given([created()])
      .when(update({ page_width: 2000 }))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'from 1000 to 1600' })
    spec
      .given([created()])
      .when(update({ type_scale: 'huge' }))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'one of small, medium, large' })
    spec
      .given([created()])
      .when(update({ show_breadcrumbs: 'yes' }))
      .thenFails({ code: 'BAD_USER_INPUT', message: 'true or false' })
    spec.given([]).when(update({})).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('themePublish', () => {
  const publish = (roles: { main: string | null; draft: string | null }): ThemeCommand => ({
    type: 'ThemePublish',
    data: { themeId: ID },
    roles,
  })
  it('makes a draft main and names the old main', () => {
    spec
      .given([created()])
      .when(publish({ main: OLD_MAIN, draft: ID }))
      .then([{ type: 'ThemePublished', data: { themeId: ID, previousRole: 'DRAFT', previousMainThemeId: OLD_MAIN } }])
  })
  it('publishes an unpublished theme (the old main, say) again', () => {
    spec
      .given([created('UNPUBLISHED')])
      .when(publish({ main: OLD_MAIN, draft: DRAFT }))
      .then([
        { type: 'ThemePublished', data: { themeId: ID, previousRole: 'UNPUBLISHED', previousMainThemeId: OLD_MAIN } },
      ])
  })
  it('publishing the main theme changes nothing; a missing theme is NOT_FOUND', () => {
    spec
      .given([created('MAIN')])
      .when(publish({ main: ID, draft: null }))
      .then([])
    spec.given([]).when(publish(NO_ROLES)).thenFails({ code: 'NOT_FOUND' })
  })
  it('moves the main reservation and frees the draft one', () => {
    const events: ThemeEvent[] = [
      { type: 'ThemePublished', data: { themeId: ID, previousRole: 'DRAFT', previousMainThemeId: OLD_MAIN } },
    ]
    expect(roleReservations(events, { kind: 'empty' }, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: THEME_MAIN_KEY, ownerId: OLD_MAIN },
      expect.objectContaining({ kind: 'claim', scope: STORE, key: THEME_MAIN_KEY, ownerId: ID }),
      { kind: 'release', scope: STORE, key: THEME_DRAFT_KEY, ownerId: ID },
    ])
  })
})

describe('themeDelete', () => {
  const remove = (roles: { main: string | null; draft: string | null }): ThemeCommand => ({
    type: 'ThemeDelete',
    data: { themeId: ID },
    roles,
  })
  it('deletes a draft and frees the draft role', () => {
    spec
      .given([created()])
      .when(remove({ main: OLD_MAIN, draft: ID }))
      .then([deleted])
    expect(roleReservations([deleted], { kind: 'empty' }, ctx)).toEqual([
      { kind: 'release', scope: STORE, key: THEME_DRAFT_KEY, ownerId: ID },
    ])
  })
  it('never deletes the main theme', () => {
    spec
      .given([created('MAIN')])
      .when(remove({ main: ID, draft: null }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'id'], message: 'main theme' })
  })
  it('answers NOT_FOUND for missing and deleted themes', () => {
    spec.given([]).when(remove(NO_ROLES)).thenFails({ code: 'NOT_FOUND' })
    spec.given([created(), deleted]).when(remove(NO_ROLES)).thenFails({ code: 'NOT_FOUND' })
  })
})
