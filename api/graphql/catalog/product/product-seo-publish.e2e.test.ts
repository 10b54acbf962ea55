import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type GraphQLResponse } from '../../../../test/support/app.js'
import { auditTrail, onlyError, badInput, type Product as FullProduct } from '../../../../test/support/products.js'

// SEO fields and scheduled publishing through productCreate/productUpdate; the scheduler that
// fires the schedule has its own file (product-publish-scheduler.e2e.test.ts).

const FIELDS = 'id title handle status seo { title description } publishAt revision'
const CREATE = `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { ${FIELDS} } eventPosition } }`
const UPDATE = `mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { ${FIELDS} } eventPosition } }`
const READ = `query ($id: ID) { product(id: $id) { ${FIELDS} } }`

/** The product as FIELDS reads it: some of PRODUCT_FIELDS, the SEO fields and the schedule. */
interface Product extends Pick<FullProduct, 'id' | 'title' | 'handle' | 'status' | 'revision'> {
  seo: { title: string; description: string }
  publishAt: string | null
}
type Created = GraphQLResponse<{ productCreate: { product: Product; eventPosition: string } }>
type Updated = GraphQLResponse<{ productUpdate: { product: Product; eventPosition: string | null } }>

const t = useTestApp()
let apiKey: string
beforeAll(async () => {
  apiKey = (await t.tenant('seo-publish')).apiKey
})

const NEXT_YEAR = '2027-06-01T09:00:00.000Z'

async function create(input: Record<string, unknown>): Promise<Product> {
  const response: Created = await t.gql(apiKey, CREATE, { input })
  expect(response.errors).toBeUndefined()
  return response.data!.productCreate.product
}

describe('Product.seo', () => {
  it('is empty by default, set on create, changed part by part on update, and read back', async () => {
    const plain = await create({ title: 'Plain Tee' })
    expect(plain.seo).toEqual({ title: '', description: '' })

    const product = await create({
      title: 'Red Shirt',
      seo: { title: 'Red Shirt | Acme', description: 'Soft cotton shirt' },
    })
    expect(product.seo).toEqual({ title: 'Red Shirt | Acme', description: 'Soft cotton shirt' })
    const updated: Updated = await t.gql(apiKey, UPDATE, { input: { id: product.id, seo: { description: 'Softer' } } })
    expect(updated.data!.productUpdate.product.seo).toEqual({ title: 'Red Shirt | Acme', description: 'Softer' })
    expect((await t.gql<{ product: Product }>(apiKey, READ, { id: product.id })).data!.product.seo).toEqual({
      title: 'Red Shirt | Acme',
      description: 'Softer',
    })
    expect(await auditTrail(t, apiKey, product.id)).toEqual([
      'ProductCreated@0',
      'ProductSeoChanged@1',
      'ProductSeoChanged@2',
    ])
  })

  it('refuses a title over 70 or a description over 320 characters with the field path, changing nothing', async () => {
    const product = await create({ title: 'Limits' })
    const long: Updated = await t.gql(apiKey, UPDATE, { input: { id: product.id, seo: { title: 'x'.repeat(71) } } })
    expect(onlyError(long)).toEqual(
      badInput(
        ['input', 'seo', 'title'],
        'input.seo.title: seo.title must be at most 70 characters (search engines cut longer titles off)',
      ),
    )
    const longer: Created = await t.gql(apiKey, CREATE, {
      input: { title: 'X', seo: { description: 'x'.repeat(321) } },
    })
    expect(onlyError(longer)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'seo', 'description'] })
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0'])
  })
})

describe('publishAt', () => {
  it('schedules a product created with it, DRAFT by default, and records the schedule', async () => {
    const product = await create({ title: 'Launch Shirt', publishAt: NEXT_YEAR })
    expect(product).toMatchObject({ status: 'DRAFT', publishAt: NEXT_YEAR })
    expect(await auditTrail(t, apiKey, product.id)).toEqual(['ProductCreated@0', 'ProductPublishScheduled@1'])
  })

  it('moves and cancels a schedule on update; null cancels, leaving it out keeps it', async () => {
    const product = await create({ title: 'Moving Shirt', publishAt: NEXT_YEAR })
    const moved: Updated = await t.gql(apiKey, UPDATE, {
      input: { id: product.id, publishAt: '2027-07-01T10:00:00+02:00' },
    })
    expect(moved.data!.productUpdate.product.publishAt).toBe('2027-07-01T08:00:00.000Z')
    const kept: Updated = await t.gql(apiKey, UPDATE, { input: { id: product.id, title: 'Moved Shirt' } })
    expect(kept.data!.productUpdate.product.publishAt).toBe('2027-07-01T08:00:00.000Z')
    const cancelled: Updated = await t.gql(apiKey, UPDATE, { input: { id: product.id, publishAt: null } })
    expect(cancelled.data!.productUpdate.product).toMatchObject({ status: 'DRAFT', publishAt: null })
    expect((await auditTrail(t, apiKey, product.id)).slice(2)).toEqual([
      'ProductPublishScheduled@2',
      'ProductRetitled@3',
      'ProductPublishUnscheduled@4',
    ])
  })

  it('ends the schedule when the product is made ACTIVE by hand', async () => {
    const product = await create({ title: 'Early Shirt', publishAt: NEXT_YEAR })
    const published: Updated = await t.gql(apiKey, UPDATE, { input: { id: product.id, status: 'ACTIVE' } })
    expect(published.data!.productUpdate.product).toMatchObject({ status: 'ACTIVE', publishAt: null })
  })

  it('refuses a schedule on a product that would be ACTIVE, and a malformed time, with the field path', async () => {
    const active = await create({ title: 'Active Shirt' })
    const onActive: Updated = await t.gql(apiKey, UPDATE, { input: { id: active.id, publishAt: NEXT_YEAR } })
    expect(onlyError(onActive)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'publishAt'] })
    expect(onlyError(onActive).message).toContain('send status DRAFT with it')
    const both: Created = await t.gql(apiKey, CREATE, { input: { title: 'X', status: 'ACTIVE', publishAt: NEXT_YEAR } })
    expect(onlyError(both)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'publishAt'] })
    const malformed: Created = await t.gql(apiKey, CREATE, { input: { title: 'X', publishAt: 'next tuesday' } })
    expect(onlyError(malformed).code).toBe('BAD_USER_INPUT')
    expect(await auditTrail(t, apiKey, active.id)).toEqual(['ProductCreated@0'])
  })
})
