import { expect } from 'vitest'
import type { GraphQLResponse, TestApp } from './app.js'

/** Every field of `Product`, so a read-back is compared as a whole, not field by field. */
export const PRODUCT_FIELDS = 'id title handle description status vendor tags createdAt updatedAt revision'

export interface Product {
  id: string
  title: string
  handle: string
  description: string
  status: 'DRAFT' | 'ACTIVE' | 'ARCHIVED'
  vendor: string
  tags: string[]
  createdAt: string
  updatedAt: string
  revision: number
}

export const CREATE_PRODUCT = `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { ${PRODUCT_FIELDS} } eventPosition } }`
export const UPDATE_PRODUCT = `mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { ${PRODUCT_FIELDS} } eventPosition } }`
export const DELETE_PRODUCT = `mutation ($input: ProductDeleteInput!) { productDelete(input: $input) { deletedId eventPosition } }`
export const PRODUCT_BY_ID = `query ($id: ID) { product(id: $id) { ${PRODUCT_FIELDS} } }`
export const PRODUCT_BY_HANDLE = `query ($handle: String) { product(handle: $handle) { ${PRODUCT_FIELDS} } }`

export type CreateData = { productCreate: { product: Product; eventPosition: string | null } }
export type UpdateData = { productUpdate: { product: Product; eventPosition: string | null } }
export type DeleteData = { productDelete: { deletedId: string; eventPosition: string | null } }
export type ProductData = { product: Product | null }
export type CreateResponse = GraphQLResponse<CreateData>
export type UpdateResponse = GraphQLResponse<UpdateData>
export type DeleteResponse = GraphQLResponse<DeleteData>
export type ProductResponse = GraphQLResponse<ProductData>

/** Both event store adapters write positions as two zero-padded 20-digit numbers. */
export const POSITION = /^\d{20}-\d{20}$/
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Creates a product, failing the test on any error: for setup, where the create is not under test. */
export async function createProduct(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<Product> {
  const response: CreateResponse = await t.gql(apiKey, CREATE_PRODUCT, { input })
  expect(response.errors).toBeUndefined()
  return response.data!.productCreate.product
}

/**
 * The `options` and `variants` of a product input whose variants differ in one option, each
 * variant given under its value, which becomes its `optionValues`:
 * `oneOption('Size', { S: { price: '10.00' }, M: { price: '12.00' } })`. The values keep the order
 * of the keys, so they must not look like integers (those come first in an object).
 */
export function oneOption(name: string, variants: Record<string, Record<string, unknown>>) {
  const values = Object.keys(variants)
  return {
    options: [{ name, values }],
    variants: values.map((value) => ({ ...variants[value], optionValues: [{ name, value }] })),
  }
}

/** How many products the store of `apiKey` holds, as its product list counts them: what a refused write left. */
export async function productCount(t: TestApp, apiKey: string): Promise<number> {
  const response = await t.gql<{ products: { totalCount: number } }>(apiKey, '{ products { totalCount } }')
  expect(response.errors).toBeUndefined()
  return response.data!.products.totalCount
}

/** The audit trail of one entity as `type@revision`, oldest first. */
export async function auditTrail(t: TestApp, apiKey: string, entityId: string): Promise<string[]> {
  const response = await t.gql<{ auditLog: { nodes: { type: string; revision: number }[] } }>(
    apiKey,
    'query ($id: ID) { auditLog(filter: { entityId: $id }, first: 250) { nodes { type revision } } }',
    { id: entityId },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.auditLog.nodes.map((entry) => `${entry.type}@${entry.revision}`)
}

/** The one error of a failed response, as `{code, field, message}` (field omitted when absent). */
export function onlyError(response: GraphQLResponse<unknown>): {
  code: string
  field?: (string | number)[]
  message: string
} {
  expect(response.errors).toHaveLength(1)
  const error = response.errors![0]!
  return {
    code: error.extensions.code,
    ...(error.extensions.field ? { field: error.extensions.field } : {}),
    message: error.message,
  }
}

/**
 * What `onlyError` shows for a refused input: BAD_USER_INPUT on `field`, with `message`.
 *
 * @example expect(onlyError(response)).toEqual(badInput(['input', 'id'], 'input.id: id must be a product id (a UUID)'))
 */
export function badInput(field: (string | number)[], message: string) {
  return { code: 'BAD_USER_INPUT', field, message }
}
