import { expect } from 'vitest'
import type { CategoryRecord } from '../../projections/catalog/category/queries.js'
import type { TestApp } from './app.js'

/** Every scalar field of `Category`, so a read-back is compared as a whole. */
export const CATEGORY_FIELDS =
  'id title handle path depth position description seo { title description } revision createdAt updatedAt'

/** The `CategoryRecord` fields of CATEGORY_FIELDS, its times as GraphQL writes them. */
export interface Category extends Pick<
  CategoryRecord,
  'id' | 'title' | 'handle' | 'path' | 'depth' | 'position' | 'description' | 'seo' | 'revision'
> {
  createdAt: string
  updatedAt: string
}

export const CREATE_CATEGORY = `mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { category { ${CATEGORY_FIELDS} } eventPosition } }`
export const UPDATE_CATEGORY = `mutation ($input: CategoryUpdateInput!) { categoryUpdate(input: $input) { category { ${CATEGORY_FIELDS} } eventPosition } }`
export const MOVE_CATEGORY = `mutation ($input: CategoryMoveInput!) { categoryMove(input: $input) { category { ${CATEGORY_FIELDS} } eventPosition } }`
export const DELETE_CATEGORY = `mutation ($input: CategoryDeleteInput!) { categoryDelete(input: $input) { deletedId eventPosition } }`
export const CATEGORY_BY_ID = `query ($id: ID, $asOf: DateTime) { category(id: $id, asOf: $asOf) { ${CATEGORY_FIELDS} } }`
export const CATEGORY_BY_PATH = `query ($path: String) { category(handlePath: $path) { ${CATEGORY_FIELDS} } }`

export type CategoryData = { category: Category | null }

/** Creates a category, failing the test on any error: for setup, where the create is not under test. */
export async function createCategory(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<Category> {
  const response = await t.gql<{ categoryCreate: { category: Category } }>(apiKey, CREATE_CATEGORY, { input })
  expect(response.errors).toBeUndefined()
  return response.data!.categoryCreate.category
}

/** Runs a mutation that must succeed and returns its data. */
export async function must<Data>(
  t: TestApp,
  apiKey: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<Data> {
  const response = await t.gql<Data>(apiKey, query, variables)
  expect(response.errors).toBeUndefined()
  return response.data!
}
