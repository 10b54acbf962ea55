import type { Tenant, TestApp } from '../support/app.js'
import { image, multipartBody } from '../support/media.js'
import type { SchemaModel, TypeRef } from './schema-model.js'
import { isNonNull, namedType } from './schema-model.js'
import type { TenantView } from './world.js'
import { adminEndpoint, ask, type FuzzEndpoint } from './endpoint.js'

/** Runs a setup mutation that must succeed and answers its payload. */
async function must(
  t: TestApp,
  tenant: Tenant,
  field: string,
  input: Record<string, unknown>,
  selection: string,
): Promise<Record<string, unknown>> {
  const type = `${field.charAt(0).toUpperCase()}${field.slice(1)}Input`
  const response = await t.gql<Record<string, Record<string, unknown>>>(
    tenant.apiKey,
    `mutation ($input: ${type}!) { ${field}(input: $input) { ${selection} } }`,
    { input },
  )
  if (response.errors?.length || !response.data)
    throw new Error(`fuzz setup ${field} failed: ${JSON.stringify(response.errors)}`)
  return response.data[field]!
}

const idIn = (payload: Record<string, unknown>, key: string): string => (payload[key] as { id: string }).id

async function uploadImage(t: TestApp, tenant: Tenant): Promise<string> {
  const operations = JSON.stringify({
    query: 'mutation ($file: Upload!) { mediaCreate(input: {file: $file, alt: "fuzz"}) { media { id } } }',
    variables: { file: null },
  })
  const { payload, contentType } = multipartBody({ operations, map: JSON.stringify({ 0: ['variables.file'] }) }, [
    { name: '0', filename: 'fuzz.png', contentType: 'image/png', data: await image(4, 4) },
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': contentType },
    payload,
  })
  const body = response.json() as { data?: { mediaCreate?: { media: { id: string } } }; errors?: unknown }
  if (!body.data?.mediaCreate) throw new Error(`fuzz setup mediaCreate failed: ${JSON.stringify(body.errors)}`)
  return body.data.mediaCreate.media.id
}

/** One of every resource, so id arguments have something real to point at in both tenants. */
export async function seedResources(t: TestApp, tenant: Tenant): Promise<void> {
  const media = await uploadImage(t, tenant)
  const parent = idIn(
    await must(t, tenant, 'categoryCreate', { title: 'Clothing', imageId: media }, 'category { id }'),
    'category',
  )
  await must(t, tenant, 'categoryCreate', { title: 'Shirts', parentId: parent }, 'category { id }')
  await must(
    t,
    tenant,
    'attributeCreate',
    { code: 'color', name: 'Color', type: 'SELECT', filterable: true, options: [{ code: 'red', label: 'Red' }] },
    'attribute { id }',
  )
  await must(t, tenant, 'attributeSetCreate', { name: 'Apparel' }, 'attributeSet { id }')
  const product = idIn(
    await must(
      t,
      tenant,
      'productCreate',
      {
        title: 'Red Tee',
        tags: ['summer'],
        attributes: [{ code: 'color', value: 'red' }],
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          {
            price: '10.00',
            sku: 'TEE-S',
            inventoryQuantity: 5,
            mediaId: media,
            optionValues: [{ name: 'Size', value: 'S' }],
          },
          { price: '12.00', sku: 'TEE-M', inventoryQuantity: 3, optionValues: [{ name: 'Size', value: 'M' }] },
        ],
      },
      'product { id }',
    ),
    'product',
  )
  await must(t, tenant, 'categoryProductsAdd', { categoryId: parent, productIds: [product] }, 'eventPosition')
  const menu = idIn(await must(t, tenant, 'menuCreate', { title: 'Main' }, 'menu { id }'), 'menu')
  await must(
    t,
    tenant,
    'menuItemAdd',
    { menuId: menu, title: 'Shirt', link: { type: 'PRODUCT', resourceId: product } },
    'itemId',
  )
  const type = idIn(
    await must(
      t,
      tenant,
      'contentTypeCreate',
      { name: 'Banner', fields: [{ key: 'headline', type: 'TEXT' }] },
      'contentType { id }',
    ),
    'contentType',
  )
  await must(t, tenant, 'contentEntryCreate', { typeId: type, fields: { headline: 'Hello' } }, 'contentEntry { id }')
  await must(t, tenant, 'pageCreate', { title: 'About', body: '<p>About us</p>' }, 'page { id }')
  const blog = idIn(await must(t, tenant, 'blogCreate', { title: 'News' }, 'blog { id }'), 'blog')
  await must(t, tenant, 'postCreate', { blogId: blog, title: 'Hello', coverMediaId: media }, 'post { id }')
  const collection = idIn(
    await must(t, tenant, 'collectionCreate', { title: 'Summer' }, 'collection { id }'),
    'collection',
  )
  await must(t, tenant, 'collectionProductsAdd', { collectionId: collection, productIds: [product] }, 'eventPosition')
  await must(t, tenant, 'storeDomainAdd', { hostname: `${tenant.storeSlug}.fuzz.example.com` }, 'eventPosition')
}

/** `{ __typename id … }` two levels down, to collect every id a query shows. */
function idSelection(ref: TypeRef, model: SchemaModel, depth: number): string {
  const type = model.types.get(namedType(ref))!
  if (type.kind !== 'OBJECT') return ''
  const parts = ['__typename']
  for (const field of type.fields ?? []) {
    if (field.args.some((a) => isNonNull(a.type)) || field.name === 'history') continue
    const inner = model.types.get(namedType(field.type))!
    if (field.name === 'id' || field.name === 'endCursor') parts.push(field.name)
    else if (inner.kind === 'OBJECT' && depth > 0) {
      const nested = idSelection(field.type, model, depth - 1)
      if (nested.includes(' id') || nested.includes('endCursor') || nested.includes('{'))
        parts.push(`${field.name} ${nested}`)
    }
  }
  return `{ ${parts.join(' ')} }`
}

function collect(value: unknown, ids: Map<string, string[]>): void {
  if (Array.isArray(value)) return value.forEach((v) => collect(v, ids))
  if (!value || typeof value !== 'object') return
  const object = value as Record<string, unknown>
  if (typeof object.__typename === 'string' && typeof object.id === 'string') {
    const list = ids.get(object.__typename) ?? []
    if (!list.includes(object.id)) ids.set(object.__typename, [...list, object.id])
  }
  for (const inner of Object.values(object)) collect(inner, ids)
}

/**
 * What the tenant's key can see, gathered as an attacker would: every query without required
 * arguments, its ids by type and the endCursor of each list.
 */
export async function discover(
  t: TestApp,
  tenant: Tenant,
  model: SchemaModel,
  endpoint: FuzzEndpoint = adminEndpoint,
): Promise<TenantView> {
  const view: TenantView = { tenant, ids: new Map(), cursors: new Map() }
  for (const op of model.operations) {
    if (op.kind !== 'query' || op.field.args.some((a) => isNonNull(a.type))) continue
    const list = namedType(op.field.type).endsWith('Connection')
    for (const depth of [3, 2, 1]) {
      const response = await ask(
        t,
        endpoint,
        tenant,
        `{ ${op.field.name}${list ? '(first: 10)' : ''} ${idSelection(op.field.type, model, depth)} }`,
      )
      if (response.errors?.length) continue
      collect(response.data, view.ids)
      const cursor = (response.data?.[op.field.name] as { pageInfo?: { endCursor?: string } } | null)?.pageInfo
        ?.endCursor
      if (cursor) view.cursors.set(op.field.name, cursor)
      break
    }
  }
  return view
}
