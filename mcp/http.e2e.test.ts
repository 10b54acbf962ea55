import { describe, expect, it } from 'vitest'
import { allServices } from '../domain/commands.js'
import { useTestApp } from '../test/support/app.js'
import { callTool, callToolError, useMcpShop } from '../test/support/mcp.js'

// The shop MCP server as an agent uses it: the SDK's own client over streamable HTTP against the
// app on a real port, checked against what GraphQL answers for the same store.

interface Product {
  id: string
  title: string
  handle: string
  description: string
  status: string
  vendor: string
  tags: string[]
  createdAt: string
  updatedAt: string
  revision: number
}
type Written = Product & { media: unknown[]; options: unknown[]; variants: unknown[]; eventPosition: string | null }
interface ProductList {
  nodes: Product[]
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
  totalCount: number
}

const PRODUCT_FIELDS =
  'id title handle description status vendor tags seo { title description } publishAt createdAt updatedAt revision'
const POSITION = /^\d{20}-\d{20}$/

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-http')

describe('tools/list', () => {
  it('offers the read tools and every command the registry offers over MCP, under its verb-first name', async () => {
    const { tools } = await mcp.client.listTools()
    const commands = t.platform.registry.list('mcp').map((definition) => definition.tool)
    expect(commands).toEqual(expect.arrayContaining(['create_product', 'update_product', 'delete_product']))
    const reads = [
      ...['get_context', 'get_store', 'get_global_settings', 'get_audit_log'],
      ...['get_storefront_token', 'list_storefront_tokens'],
      ...[
        'get_product',
        'list_products',
        'search_catalog',
        'get_category',
        'list_categories',
        'get_attribute',
        'list_attributes',
        'list_attribute_sets',
      ],
      ...[
        'get_media',
        'list_media',
        'get_theme',
        'get_theme_file',
        'list_themes',
        'get_theme_template',
        'list_theme_section_groups',
      ],
      ...[
        'get_page',
        'list_pages',
        'list_blogs',
        'get_post',
        'list_posts',
        'get_menu',
        'list_menus',
        'get_content_entry',
        'list_content_entries',
      ],
      ...[
        'get_collection',
        'list_collections',
        'list_collection_products',
        'get_translatable_resource',
        'list_translatable_resources',
        'get_url_redirect',
        'list_url_redirects',
      ],
      ...['get_order', 'list_orders', 'get_customer', 'list_customers', 'list_payment_providers'],
    ]
    // The registry's services (the media pipeline, the detaching delete, the bulk product tools) are tools too;
    // only the preview link, whose answer is a signed URL, is wired by hand.
    const services = allServices.filter((definition) => definition.transports.includes('mcp')).map((d) => d.tool)
    expect(services.sort()).toEqual([
      'create_products',
      'delete_media',
      'delete_products',
      'update_products',
      'upload_image',
    ])
    const handWiredWrites = ['create_theme_preview_link']
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [...reads, ...handWiredWrites, ...commands, ...services].sort(),
    )
  })

  it('describes each tool with the registry description, annotations and JSON Schemas', async () => {
    const { tools } = await mcp.client.listTools()
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    const create = byName.get('create_product')!
    expect(create.description).toMatch(/^Create a product in the current store/)
    expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false })
    expect(create.inputSchema).toMatchObject({ type: 'object', required: ['title'], additionalProperties: false })
    expect(Object.keys(create.inputSchema.properties!)).toEqual([
      'title',
      'handle',
      'description',
      'status',
      'vendor',
      'tags',
      'seo',
      'publishAt',
      'options',
      'variants',
      'attributeSetId',
      'attributes',
    ])
    expect(create.outputSchema).toMatchObject({ type: 'object' })

    expect(byName.get('update_product')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    })
    const remove = byName.get('delete_product')!
    expect(remove.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true })
    expect(remove.inputSchema).toMatchObject({ required: ['id', 'confirm'], properties: { confirm: { const: true } } })

    for (const name of ['get_product', 'list_products', 'search_catalog', 'get_context', 'get_audit_log']) {
      expect(byName.get(name)!.annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false })
    }
    expect(Object.keys(byName.get('list_products')!.inputSchema.properties!)).toEqual([
      'page',
      'limit',
      'first',
      'after',
      'last',
      'before',
      'filter',
      'sort',
    ])
  })
})

describe('writing and reading products', () => {
  let created: Written

  it('create_product answers with the product as the read model has it, which GraphQL and get_product then show', async () => {
    const outcome = await callTool<Written>(mcp.client, 'create_product', {
      title: 'Red Shirt',
      tags: ['red', 'cotton'],
      vendor: 'Acme',
    })
    expect(outcome.isError).toBe(false)
    created = outcome.data
    expect(created).toMatchObject({
      title: 'Red Shirt',
      handle: 'red-shirt',
      status: 'ACTIVE',
      vendor: 'Acme',
      tags: ['red', 'cotton'],
      revision: 0,
    })
    expect(created.eventPosition).toMatch(POSITION)

    const { eventPosition: _position, media, options, variants, ...product } = created
    expect({ media, options, variants }).toEqual({ media: [], options: [], variants: [] })
    const viaGraphQL = await t.gql<{ product: Product }>(
      mcp.tenant.apiKey,
      `query ($id: ID) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
      { id: created.id },
    )
    expect(viaGraphQL.data?.product).toEqual(product)
    expect((await callTool(mcp.client, 'get_product', { id: created.id })).data).toEqual({
      ...product,
      media: [],
      options: [],
      variants: [],
    })
    expect((await callTool(mcp.client, 'get_product', { handle: 'red-shirt' })).data).toEqual({
      ...product,
      media: [],
      options: [],
      variants: [],
    })
  })

  it('update_product changes only the given fields; repeating it changes nothing', async () => {
    const updated = await callTool<Written>(mcp.client, 'update_product', {
      id: created.id,
      title: 'Crimson Shirt',
      status: 'DRAFT',
    })
    expect(updated.data).toMatchObject({
      id: created.id,
      title: 'Crimson Shirt',
      status: 'DRAFT',
      handle: 'red-shirt',
      vendor: 'Acme',
      revision: 2,
    })
    expect(updated.data.eventPosition).toMatch(POSITION)

    const again = await callTool<Written>(mcp.client, 'update_product', { id: created.id, title: 'Crimson Shirt' })
    expect(again.data).toMatchObject({ title: 'Crimson Shirt', revision: 2, eventPosition: null })
  })

  it('list_products takes the filters, sort and pagination of GraphQL products', async () => {
    for (const input of [
      { title: 'Blue Mug', tags: ['blue', 'kitchen'], status: 'ACTIVE' },
      { title: 'Green Mug', tags: ['green', 'kitchen'], status: 'ARCHIVED' },
      { title: 'Yellow Mug', tags: ['kitchen'], vendor: 'Acme' },
    ]) {
      expect((await callTool(mcp.client, 'create_product', input)).isError).toBe(false)
    }
    const titles = (list: ProductList) => list.nodes.map((p) => p.title)

    const kitchen = await callTool<ProductList>(mcp.client, 'list_products', {
      filter: { tags: { any: ['kitchen'] } },
      sort: 'TITLE_ASC',
    })
    expect(titles(kitchen.data)).toEqual(['Blue Mug', 'Green Mug', 'Yellow Mug'])
    expect(kitchen.data.totalCount).toBe(3)

    const acmeOrDraft = await callTool<ProductList>(mcp.client, 'list_products', {
      filter: { or: [{ vendor: { eq: 'Acme' }, status: ['ACTIVE'] }, { status: ['DRAFT'] }] },
      sort: 'TITLE_ASC',
    })
    expect(titles(acmeOrDraft.data)).toEqual(['Crimson Shirt', 'Yellow Mug'])

    const searched = await callTool<ProductList>(mcp.client, 'list_products', {
      filter: { search: 'mu', title: { startsWith: 'g' } },
    })
    expect(titles(searched.data)).toEqual(['Green Mug'])

    const first = await callTool<ProductList>(mcp.client, 'list_products', { first: 2, sort: 'TITLE_ASC' })
    expect(titles(first.data)).toEqual(['Blue Mug', 'Crimson Shirt'])
    expect(first.data.pageInfo.hasNextPage).toBe(true)
    const rest = await callTool<ProductList>(mcp.client, 'list_products', {
      first: 2,
      after: first.data.pageInfo.endCursor,
      sort: 'TITLE_ASC',
    })
    expect(titles(rest.data)).toEqual(['Green Mug', 'Yellow Mug'])

    const page2 = await callTool<ProductList>(mcp.client, 'list_products', { page: 2, limit: 3, sort: 'TITLE_ASC' })
    expect(titles(page2.data)).toEqual(['Yellow Mug'])
  })

  it('search_catalog returns compact hits for words, the last one a prefix', async () => {
    const { data } = await callTool<{ hits: Record<string, unknown>[]; totalCount: number }>(
      mcp.client,
      'search_catalog',
      {
        query: 'kitchen mu',
      },
    )
    expect(data.totalCount).toBe(3)
    expect(Object.keys(data.hits[0]!).sort()).toEqual(['handle', 'id', 'status', 'title', 'type', 'vendor'])
    expect(data.hits.map((hit) => hit.title).sort()).toEqual(['Blue Mug', 'Green Mug', 'Yellow Mug'])
  })

  it('delete_product refuses without confirm: true and changes nothing', async () => {
    for (const args of [{ id: created.id }, { id: created.id, confirm: false }, { id: created.id, confirm: 'yes' }]) {
      const error = await callToolError(mcp.client, 'delete_product', args)
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'confirm'] })
      expect(error.message).toMatch(/needs confirm: true.*Nothing was changed/)
    }
    expect((await callTool(mcp.client, 'get_product', { id: created.id })).isError).toBe(false)
  })

  it('delete_product with confirm: true deletes and answers with the deleted id', async () => {
    const deleted = await callTool<{ deletedId: string; eventPosition: string }>(mcp.client, 'delete_product', {
      id: created.id,
      confirm: true,
    })
    expect(deleted.data).toEqual({ deletedId: created.id, eventPosition: expect.stringMatching(POSITION) })
    expect(await callToolError(mcp.client, 'get_product', { id: created.id })).toEqual({
      code: 'NOT_FOUND',
      message: `product '${created.id}' does not exist in this store`,
    })
    const viaGraphQL = await t.gql(mcp.tenant.apiKey, `query ($id: ID) { product(id: $id) { id } }`, { id: created.id })
    expect(viaGraphQL.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
  })
})

describe('context and history', () => {
  it('get_context names the organization, the reachable stores, the current store and the scopes', async () => {
    const { data } = await callTool<Record<string, unknown>>(mcp.client, 'get_context')
    expect(data).toMatchObject({
      organization: { id: mcp.tenant.organizationId, name: 'Org of mcp-http' },
      stores: [{ id: mcp.tenant.storeId, slug: 'mcp-http', name: 'Store mcp-http' }],
      currentStore: { id: mcp.tenant.storeId, slug: 'mcp-http' },
      scopes: expect.arrayContaining(['products:write', 'products:read']),
      credential: { type: 'api_key', id: expect.any(String), name: 'default key' },
    })
  })

  it('get_audit_log shows the writes as the MCP actor, as the GraphQL audit log does', async () => {
    const product = (await callTool<Written>(mcp.client, 'create_product', { title: 'Audited' })).data
    await callTool(mcp.client, 'update_product', { id: product.id, vendor: 'Audit Co' })
    const { data: context } = await callTool<{ credential: { id: string } }>(mcp.client, 'get_context')

    const { data } = await callTool<{
      nodes: { type: string; actor: unknown; entityType: string }[]
      totalCount: number
    }>(mcp.client, 'get_audit_log', {
      filter: { entityId: product.id },
    })
    expect(data.nodes.map((entry) => entry.type)).toEqual(['ProductCreated', 'ProductVendorChanged'])
    const actor = { type: 'mcp', id: context.credential.id, name: 'default key' }
    for (const entry of data.nodes) expect(entry).toMatchObject({ entityType: 'product', actor })

    const viaGraphQL = await t.gql<{ auditLog: { nodes: { actor: unknown }[] } }>(
      mcp.tenant.apiKey,
      `query ($filter: AuditLogFilter) { auditLog(filter: $filter) { nodes { actor { type id name } } } }`,
      { filter: { entityId: product.id } },
    )
    expect(viaGraphQL.data?.auditLog.nodes).toEqual([{ actor }, { actor }])

    const byActor = await callTool<{ totalCount: number }>(mcp.client, 'get_audit_log', {
      filter: { actorId: context.credential.id },
      first: 1,
    })
    expect(byActor.data.totalCount).toBeGreaterThan(2)
  })
})
