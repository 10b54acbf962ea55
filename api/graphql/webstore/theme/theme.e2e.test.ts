import { describe, expect, it } from 'vitest'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { useThemedShop } from '../../../../test/support/storefront.js'
import { THEME_FIELDS, untilMainTheme, type ThemeView } from '../../../../test/support/themes.js'
import { themeInstallDefault } from '../../../../domain/webstore/theme/definitions.js'

const t = useTestApp()
/** The store under test; `shop.theme` is the main theme installed with it. */
const shop = useThemedShop(t, 'themes')
const other = useTenant(t, 'themes-other')

type Errors = { message: string; extensions: { code: string; field?: (string | number)[] } }[] | undefined
const gql = <Data = Record<string, never>>(query: string, variables?: Record<string, unknown>, key = shop.apiKey) =>
  t.gql<Data>(key, query, variables)
const run = async (
  mutation: string,
  input: Record<string, unknown>,
  select = `theme { ${THEME_FIELDS} } eventPosition`,
  key = shop.apiKey,
) => {
  const type = `${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input`
  const result = await gql<Record<string, Record<string, unknown>>>(
    `mutation($input: ${type}!) { ${mutation}(input: $input) { ${select} } }`,
    { input },
    key,
  )
  return {
    data: result.data?.[mutation] as Record<string, unknown> & { theme: ThemeView },
    errors: result.errors as Errors,
  }
}
const create = async (input: Record<string, unknown>, key = shop.apiKey) =>
  (await run('themeCreate', input, undefined, key)).data.theme
const themeOf = async (id: string, key = shop.apiKey) =>
  gql<{ theme: ThemeView }>(`query($id: ID!) { theme(id: $id) { ${THEME_FIELDS} } }`, { id }, key)
const roles = async () => {
  const result = await gql<{ themes: { nodes: ThemeView[] } }>(`{ themes(limit: 250) { nodes { id role } } }`)
  return Object.fromEntries(result.data!.themes.nodes.map((n) => [n.id, n.role]))
}

describe('the default theme', () => {
  it("is every new store's main theme, with the platform files and settings", async () => {
    expect(shop.theme).toMatchObject({ name: 'Emporium Default', role: 'MAIN', source: 'DEFAULT', sourceThemeId: null })
    const detail = await gql<{
      theme: {
        file: { content: string } | null
        settings: Record<string, unknown>
        sections: { type: string; schema: { name: string } | null }[]
        files: { totalCount: number }
      }
    }>(
      `query($id: ID!) { theme(id: $id) { file(path: "layout/theme.liquid") { content } settings sections { type schema } files { totalCount } } }`,
      { id: shop.theme.id },
    )
    expect(detail.data!.theme.file!.content).toContain('content_for_layout')
    expect(detail.data!.theme.settings).toMatchObject({ color_accent: '#2f5d50', page_width: 1200 })
    expect(detail.data!.theme.sections.find((s) => s.type === 'rich-text')?.schema?.name).toBe('Rich text')
    expect(detail.data!.theme.files.totalCount).toBeGreaterThan(20)
  })

  it("shows as the main theme of the viewer's store", async () => {
    const viewer = await gql<{ viewer: { currentStore: { mainTheme: { id: string } } } }>(
      '{ viewer { currentStore { mainTheme { id } } } }',
    )
    expect(viewer.data!.viewer.currentStore.mainTheme.id).toBe(shop.theme.id)
  })

  it('is installed once even when StoreCreated is delivered again', async () => {
    // Replaying the reaction from the start of the log re-runs themeInstallDefault for every store.
    const result = await t.platform.execute(
      themeInstallDefault,
      {},
      {
        organizationId: shop.organizationId,
        storeId: shop.storeId,
        actor: { type: 'system', id: 'test' },
        scopes: ['webstore:write'],
        correlationId: 'c',
        causationId: null,
        now: new Date(),
      },
    )
    expect(result.position).toBeNull()
    const mains = await gql<{ themes: { totalCount: number } }>('{ themes(filter: {role: [MAIN]}) { totalCount } }')
    expect(mains.data!.themes.totalCount).toBe(1)
  })
})

describe('themeCreate, themeRename, themeDuplicate', () => {
  it('creates a DRAFT, then UNPUBLISHED themes; DRAFT asked for while one exists is a CONFLICT', async () => {
    const draft = await create({ name: 'Autumn' })
    expect(draft).toMatchObject({ name: 'Autumn', role: 'DRAFT', source: 'DEFAULT' })
    expect((await create({ name: 'Spare' })).role).toBe('UNPUBLISHED')
    const refused = await run('themeCreate', { name: 'Another draft', role: 'DRAFT' })
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: ['input', 'role'] })
    await run('themeDelete', { id: draft.id }, 'deletedId')
  })

  it('renames and duplicates with every file', async () => {
    const theme = await create({ name: 'Rename me', role: 'UNPUBLISHED' })
    expect((await run('themeRename', { id: theme.id, name: 'Renamed' })).data.theme.name).toBe('Renamed')
    const history = await gql<{ theme: { history: { nodes: { type: string }[] } } }>(
      'query($id: ID!) { theme(id: $id) { history { nodes { type } } } }',
      { id: theme.id },
    )
    expect(history.data!.theme.history.nodes.map((n) => n.type)).toEqual(['ThemeRenamed', 'ThemeCreated'])
    await run('themeFileUpsert', { themeId: theme.id, path: 'snippets/only-here.liquid', content: 'only {{ here }}' })
    const copy = (await run('themeDuplicate', { id: theme.id, role: 'UNPUBLISHED' })).data.theme
    expect(copy).toMatchObject({
      name: 'Copy of Renamed',
      source: 'THEME',
      sourceThemeId: theme.id,
      role: 'UNPUBLISHED',
    })
    const file = await gql<{ theme: { file: { content: string } } }>(
      'query($id: ID!) { theme(id: $id) { file(path: "snippets/only-here.liquid") { content } } }',
      { id: copy.id },
    )
    expect(file.data!.theme.file.content).toBe('only {{ here }}')
  })

  it('refuses bad input with the field path', async () => {
    expect((await run('themeCreate', { name: '' })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'name'],
    })
    expect((await run('themeCreate', { name: 'x', source: 'ZIP' })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'zip'],
    })
    // ThemeCreateRole has no MAIN: GraphQL refuses it before the command runs.
    const main = (await run('themeCreate', { name: 'x', role: 'MAIN' })).errors?.[0]
    expect(main?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' })
    expect(main?.message).toContain('"MAIN" does not exist in "ThemeCreateRole" enum')
    expect((await run('themeRename', { id: 'nope', name: 'x' })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
    })
  })
})

describe('themePublish', () => {
  it('makes a draft main and keeps the old main, readable and publishable again', async () => {
    const draft = await create({ name: 'Winter', role: 'DRAFT' })
    const published = await run(
      'themePublish',
      { id: draft.id },
      `theme { ${THEME_FIELDS} } previousMainTheme { id role } eventPosition`,
    )
    expect(published.data.theme.role).toBe('MAIN')
    expect(published.data.previousMainTheme).toEqual({ id: shop.theme.id, role: 'UNPUBLISHED' })
    expect((await themeOf(shop.theme.id)).data!.theme.role).toBe('UNPUBLISHED')
    expect((await gql<{ mainTheme: { id: string } }>('{ mainTheme { id } }')).data!.mainTheme.id).toBe(draft.id)

    // The draft role is free again: a new theme becomes the draft.
    expect((await create({ name: 'Next draft' })).role).toBe('DRAFT')

    const back = await run(
      'themePublish',
      { id: shop.theme.id },
      `theme { ${THEME_FIELDS} } previousMainTheme { id role }`,
    )
    expect(back.data.theme.role).toBe('MAIN')
    expect(back.data.previousMainTheme).toEqual({ id: draft.id, role: 'UNPUBLISHED' })
    const all = await roles()
    expect(Object.values(all).filter((r) => r === 'MAIN')).toHaveLength(1)
    expect(Object.values(all).filter((r) => r === 'DRAFT')).toHaveLength(1)
  })

  it('publishing the main theme changes nothing', async () => {
    const again = await run(
      'themePublish',
      { id: shop.theme.id },
      'theme { role } previousMainTheme { id } eventPosition',
    )
    expect(again.data).toEqual({ theme: { role: 'MAIN' }, previousMainTheme: null, eventPosition: null })
  })

  it('concurrent publishes leave exactly one main theme', async () => {
    const a = await create({ name: 'Race A', role: 'UNPUBLISHED' })
    const b = await create({ name: 'Race B', role: 'UNPUBLISHED' })
    const results = await Promise.all([run('themePublish', { id: a.id }), run('themePublish', { id: b.id })])
    for (const result of results) if (result.errors) expect(result.errors[0]!.extensions.code).toBe('CONFLICT')
    const all = await roles()
    expect(Object.values(all).filter((r) => r === 'MAIN')).toHaveLength(1)
    await run('themePublish', { id: shop.theme.id })
  })
})

describe('themeDelete', () => {
  it('deletes an unpublished theme; it then reads as NOT_FOUND', async () => {
    const theme = await create({ name: 'Doomed', role: 'UNPUBLISHED' })
    expect((await run('themeDelete', { id: theme.id }, 'deletedId eventPosition')).data.deletedId).toBe(theme.id)
    expect((await themeOf(theme.id)).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    expect((await run('themeDelete', { id: theme.id }, 'deletedId')).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })

  it('never deletes the main theme', async () => {
    const refused = await run('themeDelete', { id: shop.theme.id }, 'deletedId')
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'id'] })
    expect((await themeOf(shop.theme.id)).data!.theme.role).toBe('MAIN')
  })
})

describe('themes list', () => {
  it('filters by role and name, sorts, and pages in both modes', async () => {
    const drafts = await gql<{ themes: { nodes: ThemeView[] } }>(
      '{ themes(filter: {role: [DRAFT]}) { nodes { role } } }',
    )
    expect(drafts.data!.themes.nodes.every((n) => n.role === 'DRAFT')).toBe(true)
    const named = await gql<{ themes: { nodes: ThemeView[] } }>(
      '{ themes(filter: {name: {startsWith: "race"}}, sort: NAME_ASC) { nodes { name } } }',
    )
    expect(named.data!.themes.nodes.map((n) => n.name)).toEqual(['Race A', 'Race B'])
    const byName = await gql<{ themes: { nodes: ThemeView[]; totalCount: number } }>(
      '{ themes(sort: NAME_ASC, limit: 250) { nodes { id name } totalCount } }',
    )
    const all = byName.data!.themes.nodes
    const page2 = await gql<{ themes: { nodes: ThemeView[]; pageInfo: { page: number; totalPages: number } } }>(
      '{ themes(sort: NAME_ASC, page: 2, limit: 2) { nodes { id } pageInfo { page totalPages } } }',
    )
    expect(page2.data!.themes.nodes.map((n) => n.id)).toEqual(all.slice(2, 4).map((n) => n.id))
    const first = await gql<{ themes: { nodes: ThemeView[]; pageInfo: { endCursor: string } } }>(
      '{ themes(sort: NAME_ASC, first: 2) { nodes { id } pageInfo { endCursor } } }',
    )
    const next = await gql<{ themes: { nodes: ThemeView[] } }>(
      'query($after: String) { themes(sort: NAME_ASC, first: 2, after: $after) { nodes { id } } }',
      { after: first.data!.themes.pageInfo.endCursor },
    )
    expect([...first.data!.themes.nodes, ...next.data!.themes.nodes].map((n) => n.id)).toEqual(
      all.slice(0, 4).map((n) => n.id),
    )
    expect((await gql('{ themes(limit: 251) { totalCount } }')).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })
})

describe('access', () => {
  it("another store's themes read and write as missing", async () => {
    const theirs = await untilMainTheme(t, other.apiKey)
    expect((await themeOf(theirs.id)).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    for (const [mutation, input] of [
      ['themeRename', { id: theirs.id, name: 'Mine now' }],
      ['themePublish', { id: theirs.id }],
      ['themeFileUpsert', { themeId: theirs.id, path: 'snippets/x.liquid', content: 'x' }],
    ] as const) {
      expect((await run(mutation, input)).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    }
    expect((await run('themeDelete', { id: theirs.id }, 'deletedId')).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    expect((await themeOf(theirs.id, other.apiKey)).data!.theme.name).toBe('Emporium Default')
  })

  it('needs webstore:read to read and webstore:write to change', async () => {
    const productsOnly = await t.key('themes', ['products:write'])
    expect((await gql('{ themes { totalCount } }', {}, productsOnly)).errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    const readOnly = await t.key('themes', ['webstore:read'])
    expect((await themeOf(shop.theme.id, readOnly)).data!.theme.id).toBe(shop.theme.id)
    expect((await run('themeCreate', { name: 'Nope' }, undefined, readOnly)).errors?.[0]?.extensions.code).toBe(
      'FORBIDDEN',
    )
  })
})
