import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/support/app.js'
import { image, useFileMedia } from '../test/support/media.js'
import {
  callTool,
  callToolError,
  expectForeignLikeMissing,
  toolNames,
  useMcpShop,
  withMcpClient,
} from '../test/support/mcp.js'

// The media library over MCP once files are in it: who sees which tool, the read tools against
// GraphQL's medias, the write tools answering with their effect, and the guarded delete.

interface Media {
  id: string
  filename: string
  alt: string
  url: string
  revision: number
}
interface ProductMedia {
  id: string
  url: string
  alt: string
  position: number
}
interface MediaList {
  nodes: Media[]
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
  totalCount: number
}

const POSITION = /^\d{20}-\d{20}$/

const t = useTestApp()
useFileMedia(t)
const mcp = useMcpShop(t, 'mcp-library')
let productId: string
let front: Media
let back: Media

beforeAll(async () => {
  productId = (await callTool<{ id: string }>(mcp.client, 'create_product', { title: 'Lamp' })).data.id
  const upload = async (filename: string, colour: string) =>
    (
      await callTool<{ media: Media }>(mcp.client, 'upload_image', {
        data: (await image(40, 30, 'png', colour)).toString('base64'),
        filename,
      })
    ).data.media
  front = await upload('lamp-front.png', '#112233')
  back = await upload('lamp-back.png', '#445566')
})

const productMedia = async () =>
  (await callTool<{ media: ProductMedia[] }>(mcp.client, 'get_product', { id: productId })).data.media
const entry = (m: Media, position: number): ProductMedia => ({ id: m.id, url: m.url, alt: m.alt, position })

describe('who sees the media tools', () => {
  it('a write key sees all four, delete_media destructive and asking for confirm', async () => {
    const { tools } = await mcp.client.listTools()
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    for (const name of ['get_media', 'list_media'])
      expect(byName.get(name)?.annotations, name).toMatchObject({ readOnlyHint: true })
    const remove = byName.get('delete_media')!
    expect(remove.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false })
    expect(remove.inputSchema).toMatchObject({
      required: ['id', 'confirm'],
      properties: { confirm: { const: true }, force: {} },
    })
  })

  it('a read-only key sees get_media and list_media but neither upload_image nor delete_media, and calling them changes nothing', async () => {
    await withMcpClient(mcp.url, await t.key('mcp-library', ['products:read']), async (reader) => {
      const offered = await toolNames(reader)
      expect(offered).toEqual(expect.arrayContaining(['get_media', 'list_media']))
      expect(
        offered.filter((name) =>
          ['upload_image', 'delete_media', 'update_media', 'attach_product_media'].includes(name),
        ),
      ).toEqual([])

      const before = (await callTool<MediaList>(reader, 'list_media')).data.totalCount
      expect(
        (await reader.callTool({ name: 'upload_image', arguments: { data: 'iVBORw0KGgo=', filename: 'x.png' } }))
          .isError,
      ).toBe(true)
      expect(
        (await reader.callTool({ name: 'delete_media', arguments: { id: front.id, confirm: true } })).isError,
      ).toBe(true)
      expect((await callTool<MediaList>(reader, 'list_media')).data.totalCount).toBe(before)
      expect((await callTool(reader, 'get_media', { id: front.id })).isError).toBe(false)
    })
  })

  it('a web store key reads and uploads media but does not touch products', async () => {
    await withMcpClient(mcp.url, await t.key('mcp-library', ['webstore:write']), async (webstore) => {
      const offered = await toolNames(webstore)
      expect(offered).toEqual(
        expect.arrayContaining(['upload_image', 'update_media', 'delete_media', 'get_media', 'list_media']),
      )
      // A collection's product list is web store content; the catalog's product tools are not offered.
      expect(offered.filter((name) => name.includes('product') && !name.endsWith('collection_products'))).toEqual([])
    })
  })
})

describe('write tools answer with their effect', () => {
  it('update_media answers with the media as get_media then shows it', async () => {
    const updated = await callTool<Media & { eventPosition: string | null }>(mcp.client, 'update_media', {
      id: front.id,
      alt: 'Lamp, lit, from the front',
    })
    expect(updated.data).toMatchObject({
      id: front.id,
      alt: 'Lamp, lit, from the front',
      filename: 'lamp-front.png',
      revision: 1,
    })
    expect(updated.data.eventPosition).toMatch(POSITION)
    const { eventPosition: _position, ...view } = updated.data
    expect((await callTool(mcp.client, 'get_media', { id: front.id })).data).toEqual(view)
    front = view
  })

  it('attach, reorder and detach_product_media answer with the product and its media in order', async () => {
    const attached = await callTool<{ media: ProductMedia[] }>(mcp.client, 'attach_product_media', {
      productId,
      mediaIds: [front.id, back.id],
    })
    expect(attached.data.media).toEqual([entry(front, 0), entry(back, 1)])

    const reordered = await callTool<{ media: ProductMedia[] }>(mcp.client, 'reorder_product_media', {
      productId,
      mediaIds: [back.id],
    })
    expect(reordered.data.media).toEqual([entry(back, 0), entry(front, 1)])

    const detached = await callTool<{ media: ProductMedia[] }>(mcp.client, 'detach_product_media', {
      productId,
      mediaIds: [back.id],
    })
    expect(detached.data.media).toEqual([entry(front, 0)])
    expect(await productMedia()).toEqual([entry(front, 0)])
  })
})

describe('read tools', () => {
  it("list_media takes the filters, sort and pagination of GraphQL's medias", async () => {
    const filenames = (list: MediaList) => list.nodes.map((m) => m.filename)
    const used = await callTool<MediaList>(mcp.client, 'list_media', { filter: { used: true } })
    expect(filenames(used.data)).toEqual(['lamp-front.png'])
    const unused = await callTool<MediaList>(mcp.client, 'list_media', {
      filter: { used: false, kind: ['IMAGE'] },
      sort: 'FILENAME_ASC',
    })
    expect(filenames(unused.data)).toEqual(['lamp-back.png'])

    const first = await callTool<MediaList>(mcp.client, 'list_media', { first: 1, sort: 'FILENAME_DESC' })
    expect(filenames(first.data)).toEqual(['lamp-front.png'])
    expect(first.data.pageInfo.hasNextPage).toBe(true)
    const rest = await callTool<MediaList>(mcp.client, 'list_media', {
      first: 1,
      after: first.data.pageInfo.endCursor,
      sort: 'FILENAME_DESC',
    })
    expect(filenames(rest.data)).toEqual(['lamp-back.png'])

    const search = { or: [{ alt: { contains: 'LIT' } }, { filename: { startsWith: 'lamp-b' } }] }
    const viaTool = await callTool<MediaList>(mcp.client, 'list_media', { filter: search, sort: 'CREATED_AT_ASC' })
    const viaGraphQL = await t.gql<{ medias: { nodes: { id: string }[]; totalCount: number } }>(
      mcp.tenant.apiKey,
      'query ($filter: MediaFilter) { medias(filter: $filter, sort: CREATED_AT_ASC) { nodes { id } totalCount } }',
      { filter: search },
    )
    expect(viaTool.data.nodes.map((m) => m.id)).toEqual(viaGraphQL.data!.medias.nodes.map((m) => m.id))
    expect(viaTool.data.nodes.map((m) => m.id)).toEqual([front.id, back.id])

    expect(await callToolError(mcp.client, 'list_media', { first: 500 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['first'],
    })
    expect(await callToolError(mcp.client, 'list_media', { sort: 'NEWEST' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['sort'],
    })
  })

  it("another store's media is NOT_FOUND exactly like an id that does not exist", async () => {
    const other = await t.tenant('mcp-library-other')
    const foreign = await withMcpClient(mcp.url, other.apiKey, async (theirs) => {
      const upload = { data: (await image(8, 8)).toString('base64'), filename: 'theirs.png' }
      return (await callTool<{ media: Media }>(theirs, 'upload_image', upload)).data.media
    })
    const missing = '01900000-0000-7000-8000-0000000000bb'
    await expectForeignLikeMissing(mcp.client, { foreign: foreign.id, missing }, [
      ['get_media', (id) => ({ id })],
      ['update_media', (id) => ({ id, alt: 'mine now' })],
      ['delete_media', (id) => ({ id, confirm: true })],
    ])
    expect(await callToolError(mcp.client, 'get_media', { id: missing })).toEqual({
      code: 'NOT_FOUND',
      message: `media '${missing}' does not exist in this store`,
    })
  })
})

describe('delete_media', () => {
  it('refuses without confirm: true and changes nothing', async () => {
    for (const args of [
      { id: back.id },
      { id: back.id, confirm: false },
      { id: back.id, force: true, confirm: 'yes' },
    ]) {
      const error = await callToolError(mcp.client, 'delete_media', args)
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'confirm'] })
      expect(error.message).toMatch(/^delete_media cannot be undone, so it needs confirm: true.*Nothing was changed\.$/)
    }
    expect((await callTool(mcp.client, 'get_media', { id: back.id })).isError).toBe(false)
  })

  it('refuses a media a product shows unless force, which detaches it first, as GraphQL does', async () => {
    const inUse = await callToolError(mcp.client, 'delete_media', { id: front.id, confirm: true })
    expect(inUse).toEqual({
      code: 'CONFLICT',
      message: `media '${front.id}' is shown on product '${productId}'; detach it first, or pass force: true to detach it everywhere and delete it`,
      field: ['input', 'force'],
    })
    expect(await productMedia()).toEqual([entry(front, 0)])

    const deleted = await callTool<{ deletedId: string; detachedFromProductIds: string[]; eventPosition: string }>(
      mcp.client,
      'delete_media',
      {
        id: front.id,
        force: true,
        confirm: true,
      },
    )
    expect(deleted.data).toEqual({
      deletedId: front.id,
      detachedFromProductIds: [productId],
      eventPosition: expect.stringMatching(POSITION),
    })
    expect(await productMedia()).toEqual([])
    expect((await callToolError(mcp.client, 'get_media', { id: front.id })).code).toBe('NOT_FOUND')
    const viaGraphQL = await t.gql(mcp.tenant.apiKey, 'query ($id: ID!) { media(id: $id) { id } }', { id: front.id })
    expect(viaGraphQL.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })

  it('deletes an unused media with confirm alone', async () => {
    const deleted = await callTool<{ deletedId: string; detachedFromProductIds: string[] }>(
      mcp.client,
      'delete_media',
      {
        id: back.id,
        confirm: true,
      },
    )
    expect(deleted.data).toMatchObject({ deletedId: back.id, detachedFromProductIds: [] })
    expect((await callTool<MediaList>(mcp.client, 'list_media')).data.totalCount).toBe(0)
  })
})
