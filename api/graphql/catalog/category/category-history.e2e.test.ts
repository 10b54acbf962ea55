import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  CATEGORY_BY_ID,
  MOVE_CATEGORY,
  UPDATE_CATEGORY,
  createCategory,
  must,
  type Category,
  type CategoryData,
} from '../../../../test/support/categories.js'
import { onlyError, badInput } from '../../../../test/support/products.js'

// A category's past: its history, reading it as it was (asOf), and reverting to a revision.

const t = useTestApp()

const REVERT = `mutation ($input: CategoryRevertInput!) { categoryRevert(input: $input) { category { title handle path revision } eventPosition } }`
const HISTORY = `query ($id: ID, $first: Int, $after: String) { category(id: $id) { history(first: $first, after: $after) {
  nodes { type revision actor { type } data } pageInfo { hasNextPage endCursor } totalCount } } }`
type HistoryData = {
  category: {
    history: {
      nodes: { type: string; revision: number; data: Record<string, unknown> }[]
      pageInfo: { hasNextPage: boolean; endCursor: string }
      totalCount: number
    }
  }
}

// Deliberate: asOf reads need instants strictly between two writes, so the clock must move.
const pause = () => new Promise((resolve) => setTimeout(resolve, 20))

/** A category renamed from Shirts to Tops, and the instant between the two. */
async function renamed(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const men = await createCategory(t, apiKey, { title: 'Men' })
  const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
  await pause()
  const between = new Date().toISOString()
  await pause()
  await must(t, apiKey, UPDATE_CATEGORY, { input: { id: shirts.id, title: 'Tops', handle: 'tops' } })
  return { apiKey, men, shirts, between }
}

describe('Category.history', () => {
  it('lists the category’s own events newest first, with revisions, actor and data, page by page', async () => {
    const { apiKey, shirts } = await renamed('hist-list')
    const page = await must<HistoryData>(t, apiKey, HISTORY, { id: shirts.id, first: 2 })
    expect(page.category.history).toMatchObject({
      totalCount: 3,
      pageInfo: { hasNextPage: true },
      nodes: [
        {
          type: 'CategoryHandleChanged',
          revision: 2,
          actor: { type: 'api_key' },
          data: { categoryId: shirts.id, from: 'shirts', to: 'tops' },
        },
        { type: 'CategoryRetitled', revision: 1, data: { title: 'Tops' } },
      ],
    })
    const rest = await must<HistoryData>(t, apiKey, HISTORY, {
      id: shirts.id,
      first: 2,
      after: page.category.history.pageInfo.endCursor,
    })
    expect(rest.category.history.nodes.map((n) => `${n.type}@${n.revision}`)).toEqual(['CategoryCreated@0'])
  })
})

describe('category(asOf)', () => {
  it('returns the earlier title and path after a rename, by id and by the path it had', async () => {
    const { apiKey, shirts, between } = await renamed('hist-asof')
    const then = await must<CategoryData>(t, apiKey, CATEGORY_BY_ID, { id: shirts.id, asOf: between })
    expect(then.category).toMatchObject({
      id: shirts.id,
      title: 'Shirts',
      handle: 'shirts',
      path: 'men/shirts',
      depth: 2,
      revision: 0,
      createdAt: shirts.createdAt,
    })
    const byPath = `query ($p: String, $asOf: DateTime) { category(handlePath: $p, asOf: $asOf) { id breadcrumbs { title } } }`
    expect((await must<{ category: unknown }>(t, apiKey, byPath, { p: 'men/shirts', asOf: between })).category).toEqual(
      {
        id: shirts.id,
        breadcrumbs: [{ title: 'Men' }, { title: 'Shirts' }],
      },
    )
    expect((await must<CategoryData>(t, apiKey, CATEGORY_BY_ID, { id: shirts.id })).category).toMatchObject({
      title: 'Tops',
      path: 'men/tops',
    })
  })

  it('answers NOT_FOUND before the category existed, and for other stores', async () => {
    const { apiKey, shirts } = await renamed('hist-asof-missing')
    const other = await t.tenant('hist-asof-other')
    expect(onlyError(await t.gql(apiKey, CATEGORY_BY_ID, { id: shirts.id, asOf: '2020-01-01T00:00:00Z' }))).toEqual({
      code: 'NOT_FOUND',
      message: `category '${shirts.id}' does not exist in this store at 2020-01-01T00:00:00.000Z`,
    })
    expect(
      onlyError(await t.gql(other.apiKey, CATEGORY_BY_ID, { id: shirts.id, asOf: new Date().toISOString() })),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('categoryRevert', () => {
  it('restores the earlier fields, and the audit log shows the revert', async () => {
    const { apiKey, shirts } = await renamed('hist-revert')
    const reverted = await must<{ categoryRevert: { category: Partial<Category> } }>(t, apiKey, REVERT, {
      input: { id: shirts.id, toRevision: 0 },
    })
    expect(reverted.categoryRevert.category).toEqual({
      title: 'Shirts',
      handle: 'shirts',
      path: 'men/shirts',
      revision: 5,
    })
    const log = await must<{
      auditLog: { nodes: { type: string; entityType: string; revision: number; data: { toRevision?: number } }[] }
    }>(
      t,
      apiKey,
      'query ($id: ID) { auditLog(filter: { entityId: $id }) { nodes { type entityType revision data } } }',
      { id: shirts.id },
    )
    expect(log.auditLog.nodes.map((n) => `${n.entityType}:${n.type}@${n.revision}`)).toEqual([
      'category:CategoryCreated@0',
      'category:CategoryRetitled@1',
      'category:CategoryHandleChanged@2',
      'category:CategoryReverted@3',
      'category:CategoryRetitled@4',
      'category:CategoryHandleChanged@5',
    ])
    expect(log.auditLog.nodes[3]!.data).toEqual({ categoryId: shirts.id, toRevision: 0 })
  })

  it('restores a revision inside a change of several fields as that whole change left the category', async () => {
    const { apiKey, shirts } = await renamed('hist-revert-command')
    // One categoryUpdate of title, handle, description: revisions 3, 4 and 5.
    await must(t, apiKey, UPDATE_CATEGORY, {
      input: { id: shirts.id, title: 'Tees', handle: 'tees', description: 'Short sleeves' },
    })
    await must(t, apiKey, UPDATE_CATEGORY, { input: { id: shirts.id, title: 'Polos', description: 'Collars' } })
    const reverted = await must<{ categoryRevert: { category: Partial<Category> } }>(
      t,
      apiKey,
      REVERT.replace('title handle', 'title handle description'),
      { input: { id: shirts.id, toRevision: 3 } },
    )
    expect(reverted.categoryRevert.category).toMatchObject({
      title: 'Tees',
      handle: 'tees',
      description: 'Short sleeves',
      path: 'men/tees',
    })
    // Revision 1 is the first of the rename's two events: the handle comes back with the title.
    const renamedBack = await must<{ categoryRevert: { category: Partial<Category> } }>(t, apiKey, REVERT, {
      input: { id: shirts.id, toRevision: 1 },
    })
    expect(renamedBack.categoryRevert.category).toMatchObject({ title: 'Tops', handle: 'tops', path: 'men/tops' })
  })

  it('keeps the place in the tree and records nothing when already as at that revision', async () => {
    const { apiKey, shirts } = await renamed('hist-revert-place')
    await must(t, apiKey, MOVE_CATEGORY, { input: { id: shirts.id, parentId: null } })
    const reverted = await must<{ categoryRevert: { category: Partial<Category> } }>(t, apiKey, REVERT, {
      input: { id: shirts.id, toRevision: 0 },
    })
    expect(reverted.categoryRevert.category).toMatchObject({ path: 'shirts' })
    const again = await must<{ categoryRevert: { eventPosition: string | null } }>(t, apiKey, REVERT, {
      input: { id: shirts.id, toRevision: 0 },
    })
    expect(again.categoryRevert.eventPosition).toBeNull()
  })

  it('refuses revisions the category does not have, and unknown ids', async () => {
    const { apiKey, shirts } = await renamed('hist-revert-bad')
    expect(onlyError(await t.gql(apiKey, REVERT, { input: { id: shirts.id, toRevision: 9 } }))).toEqual(
      badInput(
        ['input', 'toRevision'],
        `category '${shirts.id}' has revisions 0 to 2; choose one of them from its history`,
      ),
    )
    expect(onlyError(await t.gql(apiKey, REVERT, { input: { id: shirts.id, toRevision: -1 } }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
    })
    expect(onlyError(await t.gql(apiKey, REVERT, { input: { id: randomUUID(), toRevision: 0 } }))).toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
