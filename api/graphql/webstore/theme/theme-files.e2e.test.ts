import { strToU8 } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { THEME_FIELDS, themeZip, untilMainTheme, type ThemeView } from '../../../../test/support/themes.js'

const t = useTestApp()
const shop = useTenant(t, 'theme-files')
let theme: ThemeView

beforeAll(async () => {
  await untilMainTheme(t, shop.apiKey)
  theme = (await run('themeCreate', { name: 'Workbench' })).data.theme
})

type Errors =
  | { message: string; extensions: { code: string; field?: (string | number)[]; line?: number; column?: number } }[]
  | undefined
const gql = <Data = Record<string, never>>(query: string, variables?: Record<string, unknown>) =>
  t.gql<Data>(shop.apiKey, query, variables)
async function run(
  mutation: string,
  input: Record<string, unknown>,
  select = `theme { ${THEME_FIELDS} } eventPosition`,
) {
  const type = `${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input`
  const result = await gql<Record<string, Record<string, unknown>>>(
    `mutation($input: ${type}!) { ${mutation}(input: $input) { ${select} } }`,
    { input },
  )
  return {
    data: result.data?.[mutation] as Record<string, unknown> & { theme: ThemeView },
    errors: result.errors as Errors,
  }
}
const fileOf = async (path: string, id = theme.id) =>
  (
    await gql<{ theme: { file: { content: string; checksum: string; size: number } | null } }>(
      'query($id: ID!, $path: String!) { theme(id: $id) { file(path: $path) { content checksum size } } }',
      { id, path },
    )
  ).data!.theme.file
const settingsOf = async () =>
  (
    await gql<{ theme: { settings: Record<string, unknown> } }>('query($id: ID!) { theme(id: $id) { settings } }', {
      id: theme.id,
    })
  ).data!.theme.settings

describe('themeFileUpsert', () => {
  it('creates and replaces files; the payload holds the file', async () => {
    const created = await run(
      'themeFileUpsert',
      {
        themeId: theme.id,
        path: 'sections/hero.liquid',
        content:
          '<h1>{{ section.settings.title }}</h1>\n{% schema %}{"name": "Hero", "settings": [{"type": "text", "id": "title", "label": "Title"}]}{% endschema %}',
      },
      'file { path size checksum } theme { id }',
    )
    expect(created.data.file).toMatchObject({ path: 'sections/hero.liquid' })
    await run('themeFileUpsert', {
      themeId: theme.id,
      path: 'sections/hero.liquid',
      content: '<h2>{{ section.settings.title }}</h2>',
    })
    expect((await fileOf('sections/hero.liquid'))!.content).toBe('<h2>{{ section.settings.title }}</h2>')
  })

  it('refuses a Liquid syntax error with line and column and leaves the file unchanged', async () => {
    const before = await fileOf('snippets/price.liquid')
    const refused = await run('themeFileUpsert', {
      themeId: theme.id,
      path: 'snippets/price.liquid',
      content: '<span>\n  {{ product.price | money \n</span>',
    })
    expect(refused.errors?.[0]?.message).toContain('snippets/price.liquid line 2, column 3')
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'content'],
      line: 2,
      column: 3,
    })
    expect(await fileOf('snippets/price.liquid')).toEqual(before)
  })

  it('refuses a section schema that is bad JSON or has a bad shape', async () => {
    const json = await run('themeFileUpsert', {
      themeId: theme.id,
      path: 'sections/bad.liquid',
      content: '<p>x</p>\n{% schema %}\n{"name": "Bad",\n "settings": [}\n{% endschema %}',
    })
    expect(json.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', line: 4, column: 15 })
    const shape = await run('themeFileUpsert', {
      themeId: theme.id,
      path: 'sections/bad.liquid',
      content: '{% schema %}{"name": "Bad", "settings": [{"type": "range", "id": "n", "label": "N"}]}{% endschema %}',
    })
    expect(shape.errors?.[0]?.message).toContain('a range setting needs min and max')
    expect(await fileOf('sections/bad.liquid')).toBeNull()
  })

  it('refuses paths outside the theme layout and templates that name missing sections', async () => {
    expect(
      (await run('themeFileUpsert', { themeId: theme.id, path: 'secrets/x.liquid', content: 'x' })).errors?.[0]
        ?.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'path'] })
    const template = await run('themeFileUpsert', {
      themeId: theme.id,
      path: 'templates/page.about.json',
      content: '{"sections": {}, "order": ["main"]}',
    })
    expect(template.errors?.[0]?.message).toContain("order names section 'main'")
  })
})

describe('themeFileDelete', () => {
  it('deletes a file and refuses required or missing ones', async () => {
    await run('themeFileUpsert', { themeId: theme.id, path: 'snippets/tmp.liquid', content: 'tmp' })
    expect(
      (await run('themeFileDelete', { themeId: theme.id, path: 'snippets/tmp.liquid' }, 'deletedPath theme { id }'))
        .data.deletedPath,
    ).toBe('snippets/tmp.liquid')
    expect(await fileOf('snippets/tmp.liquid')).toBeNull()
    expect(
      (await run('themeFileDelete', { themeId: theme.id, path: 'snippets/tmp.liquid' })).errors?.[0]?.extensions,
    ).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'path'] })
    expect(
      (await run('themeFileDelete', { themeId: theme.id, path: 'layout/theme.liquid' })).errors?.[0]?.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'path'] })
    expect(await fileOf('layout/theme.liquid')).not.toBeNull()
  })
})

describe('Theme.files', () => {
  it('lists files by path in both pagination modes, narrowed by paths', async () => {
    type Files = {
      theme: { files: { nodes: { path: string }[]; totalCount: number; pageInfo: { endCursor: string } } }
    }
    const all = await gql<Files>(
      'query($id: ID!) { theme(id: $id) { files(limit: 250) { nodes { path } totalCount } } }',
      { id: theme.id },
    )
    const paths = all.data!.theme.files.nodes.map((n) => n.path)
    expect(paths).toEqual([...paths].sort())
    const first = await gql<Files>(
      'query($id: ID!) { theme(id: $id) { files(first: 3) { nodes { path } pageInfo { endCursor } } } }',
      { id: theme.id },
    )
    const next = await gql<Files>(
      'query($id: ID!, $after: String) { theme(id: $id) { files(first: 3, after: $after) { nodes { path } } } }',
      { id: theme.id, after: first.data!.theme.files.pageInfo.endCursor },
    )
    expect([...first.data!.theme.files.nodes, ...next.data!.theme.files.nodes].map((n) => n.path)).toEqual(
      paths.slice(0, 6),
    )
    const some = await gql<Files>(
      'query($id: ID!) { theme(id: $id) { files(paths: ["layout/theme.liquid", "nope.liquid"]) { nodes { path } totalCount } } }',
      { id: theme.id },
    )
    expect(some.data!.theme.files).toMatchObject({ nodes: [{ path: 'layout/theme.liquid' }], totalCount: 1 })
  })
})

describe('themeSettingsUpdate', () => {
  it('stores valid values, resets with null, and rewrites settings_data.json', async () => {
    await run('themeSettingsUpdate', {
      id: theme.id,
      settings: { color_accent: '#ff6600', page_width: 1400, type_scale: 'large' },
    })
    expect(await settingsOf()).toMatchObject({
      color_accent: '#ff6600',
      page_width: 1400,
      type_scale: 'large',
      color_text: '#1a1a1a',
    })
    expect(JSON.parse((await fileOf('config/settings_data.json'))!.content).current).toEqual({
      color_accent: '#ff6600',
      page_width: 1400,
      type_scale: 'large',
    })
    await run('themeSettingsUpdate', { id: theme.id, settings: { page_width: null } })
    expect((await settingsOf()).page_width).toBe(1200)
  })

  it('refuses unknown ids and values outside the schema, at the setting path, changing nothing', async () => {
    const before = await settingsOf()
    const unknown = await run('themeSettingsUpdate', { id: theme.id, settings: { colour_accent: '#000000' } })
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'colour_accent'],
    })
    const range = await run('themeSettingsUpdate', {
      id: theme.id,
      settings: { color_text: '#000000', page_width: 1250 },
    })
    expect(range.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'page_width'],
    })
    expect(await settingsOf()).toEqual(before)
  })
})

describe('themeCreate from a zip', () => {
  it('installs the files of an uploaded zip, wrapped in a folder or not', async () => {
    const zip = themeZip({ 'snippets/from-zip.liquid': 'zipped {{ x }}' }, 'my-theme/')
    const created = await run('themeCreate', { name: 'Uploaded', source: 'ZIP', zip, role: 'UNPUBLISHED' })
    expect(created.data.theme).toMatchObject({ name: 'Uploaded', source: 'ZIP', role: 'UNPUBLISHED' })
    expect((await fileOf('snippets/from-zip.liquid', created.data.theme.id))!.content).toBe('zipped {{ x }}')
  })

  it('keeps images and fonts of a zip in the blob store and serves them by hash', async () => {
    const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0x42])
    const created = await run('themeCreate', {
      name: 'With logo',
      source: 'ZIP',
      zip: themeZip({ 'assets/logo.png': logo }),
      role: 'UNPUBLISHED',
    })
    const listed = await gql<{
      theme: { files: { nodes: { content: string; contentType: string; size: number; url: string }[] } }
    }>(
      'query($id: ID!) { theme(id: $id) { files(paths: ["assets/logo.png"]) { nodes { content contentType size url } } } }',
      { id: created.data.theme.id },
    )
    const file = listed.data!.theme.files.nodes[0]!
    expect(file).toMatchObject({ content: '', contentType: 'image/png', size: logo.byteLength })
    const served = await t.app.inject({ method: 'GET', url: file.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(new Uint8Array(served.rawPayload)).toEqual(logo)
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: file.url.replace(shop.storeId, '01900000-0000-7000-8000-00000000ffff'),
    })
    expect(elsewhere.statusCode).toBe(404)
    await run('themeFileDelete', { themeId: created.data.theme.id, path: 'assets/logo.png' })
    expect(await fileOf('assets/logo.png', created.data.theme.id)).toBeNull()
  })

  it('refuses a zip with a Liquid error, a missing required file, a binary file or bad bytes', async () => {
    const broken = await run('themeCreate', {
      name: 'Broken',
      source: 'ZIP',
      zip: themeZip({ 'sections/header.liquid': '{% for x in y %}' }),
    })
    expect(broken.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'zip'],
      line: 1,
      column: 1,
    })
    expect(broken.errors?.[0]?.message).toContain('sections/header.liquid')
    const missing = await run('themeCreate', {
      name: 'Missing',
      source: 'ZIP',
      zip: themeZip({ 'layout/theme.liquid': null }),
    })
    expect(missing.errors?.[0]?.message).toContain('layout/theme.liquid')
    const binary = await run('themeCreate', {
      name: 'Binary',
      source: 'ZIP',
      zip: themeZip({ 'assets/logo.css': new Uint8Array([0xff, 0xfe, 0x00, 0x80]) }),
    })
    expect(binary.errors?.[0]?.message).toContain('not UTF-8 text')
    const garbage = await run('themeCreate', {
      name: 'Garbage',
      source: 'ZIP',
      zip: Buffer.from(strToU8('not a zip')).toString('base64'),
    })
    expect(garbage.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'zip'] })
    const names = (
      await gql<{ themes: { nodes: { name: string }[] } }>('{ themes(limit: 250) { nodes { name } } }')
    ).data!.themes.nodes.map((n) => n.name)
    expect(names).not.toContain('Broken')
  })
})
