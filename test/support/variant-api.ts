import { expect } from 'vitest'
import type { VariantRecord } from '../../projections/catalog/product/variant-queries.js'
import type { GraphQLResponse, TestApp } from './app.js'

// GraphQL documents and helpers of the option, variant and inventory e2e tests.

export const VARIANT_FIELDS = `id title sku barcode price { amount currencyCode } compareAtPrice { amount currencyCode } cost { amount currencyCode }
  inventoryTracked inventoryQuantity weight { value unit } optionValues { name value } position image { id } product { id }`
export const CATALOG_FIELDS = `id revision options { id name position values } variants { ${VARIANT_FIELDS} }
  priceRange { min { amount currencyCode } max { amount currencyCode } } totalInventory variantsCount`

export interface Money {
  amount: string
  currencyCode: string
}
/** A `VariantRecord` as VARIANT_FIELDS reads it: money as GraphQL writes it, media and product as links. */
export interface Variant extends Pick<
  VariantRecord,
  'id' | 'title' | 'sku' | 'barcode' | 'inventoryTracked' | 'inventoryQuantity' | 'weight' | 'optionValues' | 'position'
> {
  price: Money
  compareAtPrice: Money | null
  cost: Money | null
  image: { id: string } | null
  product: { id: string }
}
export interface CatalogProduct {
  id: string
  revision: number
  options: { id: string; name: string; position: number; values: string[] }[]
  variants: Variant[]
  priceRange: { min: Money; max: Money } | null
  totalInventory: number
  variantsCount: number
}

export const CREATE_WITH_VARIANTS = `mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { ${CATALOG_FIELDS} } eventPosition } }`
export const PRODUCT_CATALOG = `query ($id: ID) { product(id: $id) { ${CATALOG_FIELDS} } }`

/** A mutation document `name(input: $input) { <selection> }` with its input type. */
export function mutation(name: string, selection: string): string {
  const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`
  return `mutation ($input: ${type}!) { ${name}(input: $input) { ${selection} } }`
}

/** Runs a mutation that must succeed and returns its payload. */
export async function ok<Payload = Record<string, unknown>>(
  t: TestApp,
  apiKey: string,
  name: string,
  selection: string,
  input: Record<string, unknown>,
): Promise<Payload> {
  const response = await t.gql<Record<string, Payload>>(apiKey, mutation(name, selection), { input })
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined()
  return response.data![name]!
}

export async function createCatalogProduct(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
): Promise<CatalogProduct> {
  const response = await t.gql<{ productCreate: { product: CatalogProduct } }>(apiKey, CREATE_WITH_VARIANTS, { input })
  expect(response.errors).toBeUndefined()
  return response.data!.productCreate.product
}

export async function readCatalog(t: TestApp, apiKey: string, id: string): Promise<CatalogProduct | null> {
  const response: GraphQLResponse<{ product: CatalogProduct | null }> = await t.gql(apiKey, PRODUCT_CATALOG, { id })
  return response.data?.product ?? null
}

/** Two options of three values and the nine variants they make, priced 10.00 … 18.00 with 1 … 9 in stock. */
export function threeByThree(): Record<string, unknown> {
  const sizes = ['S', 'M', 'L']
  const colors = ['Red', 'Green', 'Blue']
  const variants = sizes.flatMap((size, i) =>
    colors.map((color, j) => ({
      price: `${10 + i * 3 + j}.00`,
      sku: `TEE-${size}-${color.toUpperCase()}`,
      inventoryQuantity: i * 3 + j + 1,
      optionValues: [
        { name: 'Size', value: size },
        { name: 'Color', value: color },
      ],
    })),
  )
  return {
    title: 'Tee',
    options: [
      { name: 'Size', values: sizes },
      { name: 'Color', values: colors },
    ],
    variants,
  }
}

/**
 * The first variant of `threeByThree` (S / Red) as GraphQL and MCP both read it back: the fields
 * they serve alike.
 */
export const FIRST_OF_THREE_BY_THREE = {
  sku: 'TEE-S-RED',
  barcode: '',
  price: { amount: '10.00', currencyCode: 'USD' },
  compareAtPrice: null,
  cost: null,
  inventoryTracked: true,
  inventoryQuantity: 1,
  weight: null,
  position: 0,
}
