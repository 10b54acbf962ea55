import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp, type Tenant } from '../../../test/support/app.js'
import { MEDIA_FIELDS, image, uploadFile, useFileMedia, type MediaView } from '../../../test/support/media.js'

const t = useTestApp()
const shop = useTenant(t, 'library')
const other = useTenant(t, 'library-other')
useFileMedia(t)
let red: MediaView
let green: MediaView
let blue: MediaView
let guide: MediaView
let foreign: MediaView

beforeAll(async () => {
  const upload = async (tenant: Tenant, data: Buffer, filename: string, alt: string) =>
    (await uploadFile(t, tenant.apiKey, { data, filename }, { alt })).media!
  red = await upload(shop, await image(40, 30, 'png', '#e74c3c'), 'red.png', 'Red shirt, front')
  green = await upload(shop, await image(30, 40, 'jpeg', '#2ecc71'), 'green.jpg', 'Green shirt')
  blue = await upload(shop, await image(20, 20, 'webp', '#3498db'), 'blue.webp', '')
  guide = await upload(shop, Buffer.from('%PDF-1.4\n%%EOF\n'), 'size guide.pdf', 'Size guide')
  foreign = await upload(other, await image(10, 10), 'theirs.png', 'Not yours')
})

const gql = <Data = Record<string, never>>(query: string, variables?: Record<string, unknown>, key = shop.apiKey) =>
  t.gql<Data>(key, query, variables)
const mediaQuery = `query($id: ID!) { media(id: $id) { ${MEDIA_FIELDS} small: urlFor(width: 320, format: WEBP) } }`
type Listed = {
  medias: {
    nodes: { id: string }[]
    totalCount: number
    pageInfo: { hasNextPage: boolean; endCursor: string | null; page: number | null; totalPages: number | null }
  }
}
const list = (args: string) =>
  gql<Listed>(`{ medias(${args}) { nodes { id } totalCount pageInfo { hasNextPage endCursor page totalPages } } }`)
const ids = async (args: string) => (await list(args)).data!.medias.nodes.map((n) => n.id)

async function newProduct(title: string): Promise<string> {
  const created = await gql<{ productCreate: { product: { id: string } } }>(
    'mutation($t: String!) { productCreate(input: {title: $t}) { product { id } } }',
    { t: title },
  )
  return created.data!.productCreate.product.id
}
const productMedia = async (id: string) =>
  (
    await gql<{ product: { media: { id: string }[] } }>('query($id: ID) { product(id: $id) { media { id } } }', { id })
  ).data!.product.media.map((m) => m.id)
const change = (mutation: string, input: Record<string, unknown>, key = shop.apiKey) =>
  gql<Record<string, { product: { id: string; media: { id: string; alt: string }[] }; eventPosition: string | null }>>(
    `mutation($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { product { id media { id alt } } eventPosition } }`,
    { input },
    key,
  )

describe('reading the library', () => {
  it('finds one media with its URLs', async () => {
    const { data } = await gql<{ media: MediaView & { small: string } }>(mediaQuery, { id: red.id })
    expect(data!.media).toMatchObject({
      id: red.id,
      kind: 'IMAGE',
      mimeType: 'image/png',
      filename: 'red.png',
      alt: 'Red shirt, front',
      width: 40,
      height: 30,
    })
    expect(data!.media.small).toBe(`/storage/${shop.storeId}/${red.hash}.png?w=320&format=webp`)
  })

  it("answers NOT_FOUND for another tenant's media, unknown and malformed ids", async () => {
    for (const id of [foreign.id, '01900000-0000-7000-8000-000000000000', 'nope']) {
      const { errors } = await gql(mediaQuery, { id })
      expect(errors?.[0]).toMatchObject({
        message: `media '${id}' does not exist in this store`,
        extensions: { code: 'NOT_FOUND' },
      })
    }
  })

  it('filters by kind, type, alt text, name and use', async () => {
    expect(await ids('filter: {kind: [FILE]}')).toEqual([guide.id])
    expect(await ids('filter: {mimeType: ["image/png", "image/webp"]}, sort: FILENAME_ASC')).toEqual([blue.id, red.id])
    expect(await ids('filter: {alt: {contains: "SHIRT"}}, sort: FILENAME_ASC')).toEqual([green.id, red.id])
    expect(await ids('filter: {alt: {eq: ""}}')).toEqual([blue.id])
    expect(await ids('filter: {filename: {startsWith: "size"}}')).toEqual([guide.id])
    expect(await ids('filter: {or: [{kind: [FILE]}, {alt: {startsWith: "Green"}}]}, sort: FILENAME_ASC')).toEqual([
      green.id,
      guide.id,
    ])
    expect(await ids('filter: {used: true}')).toEqual([])
    expect((await ids('filter: {used: false}')).length).toBe(4)
  })

  it('pages in page mode and in cursor mode', async () => {
    const all = await ids('sort: CREATED_AT_ASC')
    expect(all).toEqual([red.id, green.id, blue.id, guide.id])
    const page2 = (await list('sort: CREATED_AT_ASC, page: 2, limit: 3')).data!.medias
    expect(page2).toMatchObject({
      nodes: [{ id: guide.id }],
      totalCount: 4,
      pageInfo: { page: 2, totalPages: 2, hasNextPage: false },
    })
    const seen: string[] = []
    let after: string | null = null
    do {
      const page: Listed['medias'] = (await list(`sort: CREATED_AT_ASC, first: 3${after ? `, after: "${after}"` : ''}`))
        .data!.medias
      seen.push(...page.nodes.map((n) => n.id))
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null
    } while (after)
    expect(seen).toEqual(all)
    expect((await list('page: 1, first: 2')).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })
})

describe('changing media', () => {
  it('changes alt text, and records nothing when it is the same', async () => {
    const update = (alt: string) =>
      gql<{ mediaUpdate: { media: { alt: string; revision: number }; eventPosition: string | null } }>(
        'mutation($input: MediaUpdateInput!) { mediaUpdate(input: $input) { media { alt revision } eventPosition } }',
        { input: { id: blue.id, alt } },
      )
    const changed = (await update('  Blue shirt  ')).data!.mediaUpdate
    expect(changed).toMatchObject({ media: { alt: 'Blue shirt', revision: 1 }, eventPosition: expect.any(String) })
    expect((await update('Blue shirt')).data!.mediaUpdate.eventPosition).toBeNull()
    const foreignUpdate = await gql(
      'mutation($input: MediaUpdateInput!) { mediaUpdate(input: $input) { media { id } } }',
      { input: { id: foreign.id, alt: 'mine' } },
    )
    expect(foreignUpdate.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })

  it('attaches, reorders and detaches media on a product, shown in order on Product.media', async () => {
    const shirt = await newProduct('Shirt')
    const attached = await change('productMediaAttach', { productId: shirt, mediaIds: [red.id, green.id] })
    expect(attached.data!.productMediaAttach!.product.media.map((m) => m.id)).toEqual([red.id, green.id])
    await change('productMediaAttach', { productId: shirt, mediaIds: [blue.id], position: 0 })
    expect(await productMedia(shirt)).toEqual([blue.id, red.id, green.id])
    const reordered = await change('productMediaReorder', { productId: shirt, mediaIds: [green.id] })
    expect(reordered.data!.productMediaReorder!.product.media.map((m) => m.id)).toEqual([green.id, blue.id, red.id])
    const detached = await change('productMediaDetach', { productId: shirt, mediaIds: [blue.id] })
    expect(detached.data!.productMediaDetach!.product.media.map((m) => m.id)).toEqual([green.id, red.id])
    expect(await ids('filter: {used: true}, sort: FILENAME_ASC')).toEqual([green.id, red.id])
    await change('productMediaDetach', { productId: shirt, mediaIds: [green.id, red.id] })
  })

  it("refuses another tenant's media and products, and reorders of media not attached", async () => {
    const shirt = await newProduct('Tee')
    const foreignMedia = await change('productMediaAttach', { productId: shirt, mediaIds: [red.id, foreign.id] })
    expect(foreignMedia.errors?.[0]).toMatchObject({
      message: `media '${foreign.id}' does not exist in this store`,
      extensions: { code: 'NOT_FOUND', field: ['input', 'mediaIds', 1] },
    })
    const theirs = await change('productMediaAttach', { productId: shirt, mediaIds: [foreign.id] }, other.apiKey)
    expect(theirs.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    const notAttached = await change('productMediaReorder', { productId: shirt, mediaIds: [red.id] })
    expect(notAttached.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: ['input', 'mediaIds', 0] },
    })
  })

  it('loads Product.media for a whole list in one go', async () => {
    const [a, b] = [await newProduct('Loaded A'), await newProduct('Loaded B')]
    await change('productMediaAttach', { productId: a, mediaIds: [red.id] })
    await change('productMediaAttach', { productId: b, mediaIds: [green.id, red.id] })
    const { data } = await gql<{ products: { nodes: { id: string; media: { id: string }[] }[] } }>(
      '{ products(filter: {title: {startsWith: "Loaded"}}, sort: TITLE_ASC) { nodes { id media { id } } } }',
    )
    expect(data!.products.nodes).toEqual([
      { id: a, media: [{ id: red.id }] },
      { id: b, media: [{ id: green.id }, { id: red.id }] },
    ])
  })

  it('refuses to delete a media in use unless forced, which detaches it everywhere', async () => {
    const [a, b] = [await newProduct('Uses green A'), await newProduct('Uses green B')]
    await change('productMediaAttach', { productId: a, mediaIds: [green.id] })
    await change('productMediaAttach', { productId: b, mediaIds: [blue.id, green.id] })
    const remove = (force?: boolean) =>
      gql<{ mediaDelete: { deletedId: string; detachedFromProductIds: string[]; eventPosition: string } }>(
        'mutation($input: MediaDeleteInput!) { mediaDelete(input: $input) { deletedId detachedFromProductIds eventPosition } }',
        { input: { id: green.id, force } },
      )
    const refused = await remove()
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', field: ['input', 'force'] } })
    expect(refused.errors?.[0]?.message).toMatch(/is shown on \d+ products .*pass force: true/)
    expect(await productMedia(b)).toEqual([blue.id, green.id])

    const forced = (await remove(true)).data!.mediaDelete
    expect(forced.deletedId).toBe(green.id)
    expect(forced.detachedFromProductIds).toEqual(expect.arrayContaining([a, b]))
    expect(await productMedia(a)).toEqual([])
    expect(await productMedia(b)).toEqual([blue.id])
    expect((await gql(mediaQuery, { id: green.id })).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    expect((await remove(true)).errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })
})

describe('scopes', () => {
  it('reads with products:read or webstore:read, and nothing else', async () => {
    expect(
      (await gql('{ medias { totalCount } }', {}, await t.key('library', ['webstore:read']))).errors,
    ).toBeUndefined()
    expect(
      (await gql('{ medias { totalCount } }', {}, await t.key('library', ['products:read']))).errors,
    ).toBeUndefined()
    const settings = await gql('{ medias { totalCount } }', {}, await t.key('library', ['settings:write']))
    expect(settings.errors?.[0]).toMatchObject({
      message: 'this needs the products:read or webstore:read scope, which this credential does not have',
      extensions: { code: 'FORBIDDEN' },
    })
  })

  it('writes media with products:write or webstore:write; product media need products:write', async () => {
    const webstore = await t.key('library', ['webstore:write'])
    const reader = await t.key('library', ['products:read', 'webstore:read'])
    const update = (key: string) =>
      gql(
        'mutation($input: MediaUpdateInput!) { mediaUpdate(input: $input) { media { alt } } }',
        { input: { id: red.id, alt: 'Red' } },
        key,
      )
    expect((await update(webstore)).errors).toBeUndefined()
    expect((await update(reader)).errors?.[0]).toMatchObject({
      message: 'mediaUpdate needs the products:write or webstore:write scope, which this credential does not have',
      extensions: { code: 'FORBIDDEN' },
    })
    const shirt = await newProduct('Scoped')
    expect(
      (await change('productMediaAttach', { productId: shirt, mediaIds: [red.id] }, webstore)).errors?.[0]?.extensions
        .code,
    ).toBe('FORBIDDEN')
    const remove = await gql(
      'mutation($input: MediaDeleteInput!) { mediaDelete(input: $input) { deletedId } }',
      { input: { id: red.id } },
      reader,
    )
    expect(remove.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    const stage = await gql(
      'mutation { mediaStagedUploadCreate(input: {filename: "a.png", mimeType: "image/png", fileSize: 10}) { eventPosition } }',
      {},
      reader,
    )
    expect(stage.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
  })
})
