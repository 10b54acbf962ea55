import { strToU8, zipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { stageUpload, useFileMedia } from '../../../../test/support/media.js'
import { onlyError } from '../../../../test/support/products.js'
import { largeShopifyThemeFiles, shopifyThemeFiles, shopifyThemeZip } from '../../../../test/support/shopify-theme.js'
import { THEME_FIELDS, untilMainTheme, type ThemeView } from '../../../../test/support/themes.js'

// Themes in Shopify's format, imported through themeCreate: inline base64 for small zips, the
// staged upload path for the rest (the 1 MB request body limit would stop a real theme).

const CREATE = `mutation ($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { ${THEME_FIELDS} } eventPosition } }`
const STAGE =
  'mutation ($input: MediaStagedUploadCreateInput!) { mediaStagedUploadCreate(input: $input) { stagedUpload { stagedUploadId url } } }'
type Created = { themeCreate: { theme: ThemeView } }

const t = useTestApp()
useFileMedia(t)
const shop = useTenant(t, 'theme-import')
const other = useTenant(t, 'theme-import-other')

beforeAll(async () => {
  await untilMainTheme(t, shop.apiKey)
})

const stage = (apiKey: string, bytes: Uint8Array, mimeType = 'application/zip') =>
  stageUpload(t, apiKey, { filename: 'theme.zip', mimeType, bytes })

const importStaged = (apiKey: string, stagedUploadId: string, name = 'Imported') =>
  t.gql<Created>(apiKey, CREATE, { input: { name, source: 'ZIP', stagedUploadId, role: 'UNPUBLISHED' } })

async function fileOf(themeId: string, path: string) {
  const result = await t.gql<{ theme: { file: { content: string } | null } }>(
    shop.apiKey,
    'query ($id: ID!, $path: String!) { theme(id: $id) { file(path: $path) { content } } }',
    { id: themeId, path },
  )
  return result.data!.theme.file
}

describe('themeCreate from a staged theme zip', () => {
  it('imports a Shopify-format theme unchanged, then drops the staged zip', async () => {
    const files = shopifyThemeFiles()
    const stagedUploadId = await stage(shop.apiKey, shopifyThemeZip(files, 'fixture-theme/'))
    const created = await importStaged(shop.apiKey, stagedUploadId)
    expect(created.errors).toBeUndefined()
    const theme = created.data!.themeCreate.theme
    expect(theme).toMatchObject({ name: 'Imported', source: 'ZIP', role: 'UNPUBLISHED' })

    const listed = await t.gql<{ theme: { files: { totalCount: number; nodes: { path: string }[] } } }>(
      shop.apiKey,
      'query ($id: ID!) { theme(id: $id) { files(first: 50) { totalCount nodes { path } } } }',
      { id: theme.id },
    )
    expect(listed.data!.theme.files.nodes.map((f) => f.path).sort()).toEqual(Object.keys(files).sort())
    for (const path of ['blocks/slide.liquid', 'snippets/card.liquid', 'config/settings_data.json'])
      expect((await fileOf(theme.id, path))!.content).toBe(files[path])

    const again = await importStaged(shop.apiKey, stagedUploadId, 'Twice')
    expect(onlyError(again)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] })
  })

  it("reads settings from the preset settings_data.json's current names, and writes them back as current", async () => {
    const theme = (await importStaged(shop.apiKey, await stage(shop.apiKey, shopifyThemeZip()))).data!.themeCreate.theme
    const settingsQuery = 'query ($id: ID!) { theme(id: $id) { settings } }'
    const read = await t.gql<{ theme: { settings: Record<string, unknown> } }>(shop.apiKey, settingsQuery, {
      id: theme.id,
    })
    expect(read.data!.theme.settings).toMatchObject({
      animations: true,
      card_color_scheme: 'scheme-1',
      color_palette: { background: '#ffffff', foreground: '#000000' },
      color_schemes: { 'scheme-2': { settings: { background: '#F3F3F3' } } },
    })

    const updated = await t.gql(
      shop.apiKey,
      'mutation ($input: ThemeSettingsUpdateInput!) { themeSettingsUpdate(input: $input) { theme { id } } }',
      { input: { id: theme.id, settings: { card_color_scheme: 'scheme-2' } } },
    )
    expect(updated.errors).toBeUndefined()
    const data = JSON.parse((await fileOf(theme.id, 'config/settings_data.json'))!.content) as {
      current: Record<string, unknown>
      presets: Record<string, unknown>
    }
    expect(data.current).toMatchObject({ animations: true, card_color_scheme: 'scheme-2' })
    expect(Object.keys(data.presets)).toEqual(['Default'])

    const refused = await t.gql(
      shop.apiKey,
      'mutation ($input: ThemeSettingsUpdateInput!) { themeSettingsUpdate(input: $input) { theme { id } } }',
      { input: { id: theme.id, settings: { color_schemes: { 'scheme-1': { settings: { background: 'red' } } } } } },
    )
    expect(onlyError(refused)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'settings', 'color_schemes'],
      message: expect.stringContaining("color scheme 'scheme-1'"),
    })
  })

  it('takes a ~470-file theme', async () => {
    const files = largeShopifyThemeFiles(480)
    const created = await importStaged(shop.apiKey, await stage(shop.apiKey, shopifyThemeZip(files)), 'Large')
    expect(created.errors).toBeUndefined()
    const count = await t.gql<{ theme: { files: { totalCount: number } } }>(
      shop.apiKey,
      'query ($id: ID!) { theme(id: $id) { files(first: 1) { totalCount } } }',
      { id: created.data!.themeCreate.theme.id },
    )
    expect(count.data!.theme.files.totalCount).toBe(480)
  })

  it('names the file, line and column of a broken file, and keeps the staged zip for a retry', async () => {
    const broken = shopifyThemeFiles({
      'config/settings_data.json': '{"current": "Dark", "presets": {"Default": {}}}',
    })
    const stagedUploadId = await stage(shop.apiKey, shopifyThemeZip(broken))
    const refused = await importStaged(shop.apiKey, stagedUploadId)
    expect(onlyError(refused)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'stagedUploadId'],
      message: expect.stringContaining("names the preset 'Dark', which presets does not hold (it has Default)"),
    })
    expect(onlyError(await importStaged(shop.apiKey, stagedUploadId)).message).toBe(onlyError(refused).message)
    const missingId = shopifyThemeFiles({
      'sections/apps.liquid': "<div>\n  {% content_for 'block', type: 'slide' %}\n</div>",
    })
    const refusedBlock = await importStaged(shop.apiKey, await stage(shop.apiKey, shopifyThemeZip(missingId)))
    expect(onlyError(refusedBlock).message).toMatch(/^sections\/apps\.liquid line 2, column 3: .*needs id/)
    const noBlockFile = await importStaged(
      shop.apiKey,
      await stage(shop.apiKey, shopifyThemeZip(shopifyThemeFiles({ 'blocks/slide.liquid': null }))),
    )
    expect(onlyError(noBlockFile).message).toContain(
      "names the theme block 'slide', but the theme has no blocks/slide.liquid",
    )
  })

  it('refuses a theme zip over 10 MB with the limit named, before a byte is uploaded', async () => {
    const staged = await t.gql(shop.apiKey, STAGE, {
      input: { filename: 'theme.zip', mimeType: 'application/zip', fileSize: 10 * 1024 * 1024 + 1 },
    })
    expect(onlyError(staged)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'fileSize'],
      message: expect.stringContaining('10 MB limit of a theme zip'),
    })
  })

  it('refuses a staged file that is no zip, one staged as a media over 10 MB, and another store’s upload', async () => {
    const notZip = await importStaged(shop.apiKey, await stage(shop.apiKey, strToU8('just text')))
    expect(onlyError(notZip)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'stagedUploadId'],
      message: expect.stringContaining('not a readable zip'),
    })

    const big = await stage(shop.apiKey, new Uint8Array(10 * 1024 * 1024 + 1), 'image/png')
    expect(onlyError(await importStaged(shop.apiKey, big))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'stagedUploadId'],
      message: expect.stringContaining('a theme zip may be at most'),
    })

    const foreign = await stage(other.apiKey, shopifyThemeZip())
    const unknown = '0190a000-0000-7000-8000-000000000000'
    const stolen = onlyError(await importStaged(shop.apiKey, foreign))
    const missing = onlyError(await importStaged(shop.apiKey, unknown))
    expect(stolen).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] })
    expect(stolen.message.replace(foreign, 'ID')).toBe(missing.message.replace(unknown, 'ID'))
  })

  it('takes zip or stagedUploadId, not both, and neither without source ZIP', async () => {
    const stagedUploadId = await stage(shop.apiKey, shopifyThemeZip())
    const zip = Buffer.from(shopifyThemeZip()).toString('base64')
    const both = await t.gql(shop.apiKey, CREATE, { input: { name: 'x', source: 'ZIP', zip, stagedUploadId } })
    expect(onlyError(both)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] })
    const noSource = await t.gql(shop.apiKey, CREATE, { input: { name: 'x', stagedUploadId } })
    expect(onlyError(noSource)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] })
  })
})

describe('themeCreate from an inline zip', () => {
  it('takes a small Shopify-format theme as base64', async () => {
    const zip = Buffer.from(shopifyThemeZip()).toString('base64')
    const created = await t.gql<Created>(shop.apiKey, CREATE, {
      input: { name: 'Inline', source: 'ZIP', zip, role: 'UNPUBLISHED' },
    })
    expect(created.errors).toBeUndefined()
  })

  it('answers a zip past the request body limit with 413 PAYLOAD_TOO_LARGE (stage it instead)', async () => {
    // Incompressible bytes, so the zip really is over 1 MB.
    const noise = new Uint8Array(1024 * 1024 + 1).map((_, i) => (i * 2654435761) >>> 24)
    const zip = Buffer.from(zipSync({ 'assets/noise.woff2': noise }, { level: 0 })).toString('base64')
    const response = await t.gql(shop.apiKey, CREATE, { input: { name: 'Big', source: 'ZIP', zip } })
    expect(response.status).toBe(413)
    expect(response.errors?.[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE')
  })
})
