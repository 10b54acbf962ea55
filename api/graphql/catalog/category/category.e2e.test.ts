import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  CATEGORY_BY_ID,
  CATEGORY_BY_PATH,
  CREATE_CATEGORY,
  DELETE_CATEGORY,
  UPDATE_CATEGORY,
  createCategory,
  type Category,
  type CategoryData,
} from '../../../../test/support/categories.js'
import { ownAndForeignImages, useTestMedia } from '../../../../test/support/media.js'
import { POSITION, UUID, auditTrail, onlyError, badInput } from '../../../../test/support/products.js'

// Category fields through the GraphQL endpoint: create, read, update, delete, their errors,
// scopes and tenant isolation. The tree: category-tree; products: category-products; history:
// category-history.

const t = useTestApp()

describe('categoryCreate', () => {
  it('returns the category and serves it by id and by handle path on the next request', async () => {
    const { apiKey } = await t.tenant('cat-create')
    const input = { title: 'Men', description: 'For him', seo: { title: 'Menswear', description: 'Shirts and more' } }
    const created = await t.gql<{ categoryCreate: { category: Category; eventPosition: string } }>(
      apiKey,
      CREATE_CATEGORY,
      { input },
    )

    expect(created.errors).toBeUndefined()
    const { category, eventPosition } = created.data!.categoryCreate
    expect(category).toEqual({
      ...input,
      id: expect.stringMatching(UUID),
      handle: 'men',
      path: 'men',
      depth: 1,
      position: 0,
      revision: 0,
      createdAt: expect.any(String),
      updatedAt: category.createdAt,
    })
    expect(eventPosition).toMatch(POSITION)
    expect((await t.gql<CategoryData>(apiKey, CATEGORY_BY_ID, { id: category.id })).data).toEqual({ category })
    expect((await t.gql<CategoryData>(apiKey, CATEGORY_BY_PATH, { path: 'men' })).data).toEqual({ category })
  })

  it('nests under a parent, numbers derived handles among siblings only, and finds deep paths', async () => {
    const { apiKey } = await t.tenant('cat-nest')
    const men = await createCategory(t, apiKey, { title: 'Men' })
    const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
    const again = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
    const root = await createCategory(t, apiKey, { title: 'Shirts' })
    expect([shirts, again, root].map((c) => [c.path, c.depth, c.position])).toEqual([
      ['men/shirts', 2, 0],
      ['men/shirts-2', 2, 1],
      ['shirts', 1, 1],
    ])
    const found = await t.gql<CategoryData>(apiKey, CATEGORY_BY_PATH, { path: 'men/shirts-2' })
    expect(found.data!.category!.id).toBe(again.id)
  })

  it('refuses a handle a sibling holds with CONFLICT, and bad input with the field at fault', async () => {
    const { apiKey } = await t.tenant('cat-create-errors')
    const men = await createCategory(t, apiKey, { title: 'Men' })
    expect(onlyError(await t.gql(apiKey, CREATE_CATEGORY, { input: { title: 'Other', handle: 'men' } }))).toEqual({
      code: 'CONFLICT',
      field: ['input', 'handle'],
      message: `handle 'men' is taken among the root categories by category '${men.id}'; choose another handle or rename that category`,
    })
    expect(onlyError(await t.gql(apiKey, CREATE_CATEGORY, { input: { title: ' ' } }))).toEqual(
      badInput(['input', 'title'], 'input.title: title must not be empty'),
    )
    expect(
      onlyError(await t.gql(apiKey, CREATE_CATEGORY, { input: { title: 'X', seo: { description: 'x'.repeat(321) } } })),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'seo', 'description'],
    })
    const parentId = randomUUID()
    expect(onlyError(await t.gql(apiKey, CREATE_CATEGORY, { input: { title: 'X', parentId } }))).toEqual({
      code: 'NOT_FOUND',
      field: ['input', 'parentId'],
      message: `parent category '${parentId}' does not exist in this store`,
    })
    const count = await t.gql<{ categories: { totalCount: number } }>(apiKey, '{ categories { totalCount } }')
    expect(count.data!.categories.totalCount).toBe(1)
  })

  it('shows an image of the store and refuses media of another store as NOT_FOUND', async () => {
    const media = await useTestMedia(t)
    try {
      const { apiKey, mine, theirs } = await ownAndForeignImages(t, 'cat-image', 'men.png')
      const query = `mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { category { image { id filename } } } }`
      const created = await t.gql<{ categoryCreate: { category: { image: { id: string } } } }>(apiKey, query, {
        input: { title: 'Men', imageId: mine.id },
      })
      expect(created.data!.categoryCreate.category.image).toEqual({ id: mine.id, filename: 'men.png' })
      expect(onlyError(await t.gql(apiKey, query, { input: { title: 'Women', imageId: theirs.id } }))).toMatchObject({
        code: 'NOT_FOUND',
        field: ['input', 'imageId'],
      })
    } finally {
      await media.cleanup()
    }
  })
})

describe('categoryUpdate', () => {
  it('changes the given fields, keeps the rest, and renames the whole subtree', async () => {
    const { apiKey } = await t.tenant('cat-update')
    const men = await createCategory(t, apiKey, {
      title: 'Men',
      description: 'Old',
      seo: { title: 'T', description: 'D' },
    })
    const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
    const updated = await t.gql<{ categoryUpdate: { category: Category } }>(apiKey, UPDATE_CATEGORY, {
      input: { id: men.id, title: 'Gentlemen', handle: 'gents', seo: { description: 'New' } },
    })
    expect(updated.errors).toBeUndefined()
    expect(updated.data!.categoryUpdate.category).toMatchObject({
      title: 'Gentlemen',
      handle: 'gents',
      path: 'gents',
      description: 'Old',
      seo: { title: 'T', description: 'New' },
      revision: 3,
    })
    expect((await t.gql<CategoryData>(apiKey, CATEGORY_BY_ID, { id: shirts.id })).data!.category).toMatchObject({
      path: 'gents/shirts',
      revision: 0,
    })
    expect(await auditTrail(t, apiKey, men.id)).toEqual([
      'CategoryCreated@0',
      'CategoryRetitled@1',
      'CategoryHandleChanged@2',
      'CategorySeoChanged@3',
    ])
  })

  it('records nothing when nothing changes', async () => {
    const { apiKey } = await t.tenant('cat-update-same')
    const men = await createCategory(t, apiKey, { title: 'Men' })
    const same = await t.gql<{ categoryUpdate: { category: Category; eventPosition: string | null } }>(
      apiKey,
      UPDATE_CATEGORY,
      { input: { id: men.id, title: 'Men' } },
    )
    expect(same.data!.categoryUpdate).toEqual({ category: men, eventPosition: null })
  })

  it('answers NOT_FOUND for unknown and malformed ids, and CONFLICT for a sibling handle', async () => {
    const { apiKey } = await t.tenant('cat-update-errors')
    await createCategory(t, apiKey, { title: 'Men' })
    const women = await createCategory(t, apiKey, { title: 'Women' })
    const id = randomUUID()
    expect(onlyError(await t.gql(apiKey, UPDATE_CATEGORY, { input: { id, title: 'X' } }))).toEqual({
      code: 'NOT_FOUND',
      message: `category '${id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, UPDATE_CATEGORY, { input: { id: 'nope', title: 'X' } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'id'],
    })
    expect(onlyError(await t.gql(apiKey, UPDATE_CATEGORY, { input: { id: women.id, handle: 'men' } }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
    })
  })
})

describe('category', () => {
  it('answers NOT_FOUND for unknown ids and paths, and asks for one of them', async () => {
    const { apiKey } = await t.tenant('cat-read')
    const id = randomUUID()
    expect(onlyError(await t.gql(apiKey, CATEGORY_BY_ID, { id }))).toEqual({
      code: 'NOT_FOUND',
      message: `category '${id}' does not exist in this store`,
    })
    expect(onlyError(await t.gql(apiKey, CATEGORY_BY_ID, { id: 'not-a-uuid' }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(apiKey, CATEGORY_BY_PATH, { path: 'men/shirts' }))).toEqual({
      code: 'NOT_FOUND',
      message: "no category with handle path 'men/shirts' in this store",
    })
    expect(onlyError(await t.gql(apiKey, '{ category { id } }'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['id'],
    })
  })
})

describe('categoryDelete', () => {
  it('deletes a leaf, frees its handle and leaves the audit trail', async () => {
    const { apiKey } = await t.tenant('cat-delete')
    const men = await createCategory(t, apiKey, { title: 'Men' })
    const deleted = await t.gql<{ categoryDelete: { deletedId: string } }>(apiKey, DELETE_CATEGORY, {
      input: { id: men.id },
    })
    expect(deleted.data!.categoryDelete.deletedId).toBe(men.id)
    expect(onlyError(await t.gql(apiKey, CATEGORY_BY_ID, { id: men.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect((await createCategory(t, apiKey, { title: 'Men' })).handle).toBe('men')
    expect(await auditTrail(t, apiKey, men.id)).toEqual(['CategoryCreated@0', 'CategoryDeleted@1'])
    expect(onlyError(await t.gql(apiKey, DELETE_CATEGORY, { input: { id: men.id } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('access', () => {
  it("treats another store's categories exactly like missing ones", async () => {
    const mine = await t.tenant('cat-iso-a')
    const theirs = await t.tenant('cat-iso-b')
    const men = await createCategory(t, theirs.apiKey, { title: 'Men' })
    const missing = `category '${men.id}' does not exist in this store`
    expect(onlyError(await t.gql(mine.apiKey, CATEGORY_BY_ID, { id: men.id }))).toEqual({
      code: 'NOT_FOUND',
      message: missing,
    })
    expect(onlyError(await t.gql(mine.apiKey, CATEGORY_BY_PATH, { path: 'men' }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(mine.apiKey, UPDATE_CATEGORY, { input: { id: men.id, title: 'X' } }))).toEqual({
      code: 'NOT_FOUND',
      message: missing,
    })
    expect(onlyError(await t.gql(mine.apiKey, DELETE_CATEGORY, { input: { id: men.id } }))).toEqual({
      code: 'NOT_FOUND',
      message: missing,
    })
    expect(
      onlyError(await t.gql(mine.apiKey, CREATE_CATEGORY, { input: { title: 'Shirts', parentId: men.id } })),
    ).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'parentId'] })
    const list = await t.gql<{ categories: { totalCount: number } }>(mine.apiKey, '{ categories { totalCount } }')
    expect(list.data!.categories.totalCount).toBe(0)
    expect((await t.gql<CategoryData>(theirs.apiKey, CATEGORY_BY_ID, { id: men.id })).data!.category!.title).toBe('Men')
  })

  it('needs products:read to read and products:write to write', async () => {
    await t.tenant('cat-scopes')
    const reader = await t.key('cat-scopes', ['products:read'])
    const outsider = await t.key('cat-scopes', ['webstore:write'])
    expect(onlyError(await t.gql(reader, CREATE_CATEGORY, { input: { title: 'Men' } }))).toEqual({
      code: 'FORBIDDEN',
      message: 'categoryCreate needs the products:write scope, which this credential does not have',
    })
    expect(onlyError(await t.gql(outsider, '{ categories { totalCount } }'))).toMatchObject({ code: 'FORBIDDEN' })
    expect((await t.gql(reader, '{ categories { totalCount } }')).errors).toBeUndefined()
  })
})
