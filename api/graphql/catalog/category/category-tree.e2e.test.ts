import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import {
  CATEGORY_BY_ID,
  DELETE_CATEGORY,
  MOVE_CATEGORY,
  createCategory,
  must,
  type Category,
  type CategoryData,
} from '../../../../test/support/categories.js'
import { auditTrail, onlyError, badInput } from '../../../../test/support/products.js'
import { expectPageBoundsRefused } from '../../../../test/support/lists.js'

// The tree: moves (cycles, depth), reorders, lists, breadcrumbs and deleting subtrees.

const t = useTestApp()

/** men/shirts/slim, men/shoes and women, created in that order. */
async function storeWithTree(slug: string) {
  const { apiKey } = await t.tenant(slug)
  const men = await createCategory(t, apiKey, { title: 'Men' })
  const shirts = await createCategory(t, apiKey, { title: 'Shirts', parentId: men.id })
  const slim = await createCategory(t, apiKey, { title: 'Slim', parentId: shirts.id })
  const shoes = await createCategory(t, apiKey, { title: 'Shoes', parentId: men.id })
  const women = await createCategory(t, apiKey, { title: 'Women' })
  return { apiKey, men, shirts, slim, shoes, women }
}

const REORDER = `mutation ($input: CategoryReorderInput!) { categoryReorder(input: $input) { parent { id } categories { handle position } eventPosition } }`
const LIST = `query ($parentId: ID, $filter: CategoryFilter, $sort: CategorySort, $first: Int, $after: String, $page: Int, $limit: Int) {
  categories(parentId: $parentId, filter: $filter, sort: $sort, first: $first, after: $after, page: $page, limit: $limit) {
    nodes { path } pageInfo { hasNextPage endCursor page totalPages } totalCount } }`
type ListData = {
  categories: {
    nodes: { path: string }[]
    pageInfo: { hasNextPage: boolean; endCursor: string | null; page: number | null; totalPages: number | null }
    totalCount: number
  }
}
const paths = async (apiKey: string, variables: Record<string, unknown>) =>
  (await must<ListData>(t, apiKey, LIST, variables)).categories.nodes.map((n) => n.path)

describe('categoryMove', () => {
  it('moves a category with its subtree, updating paths, depths and breadcrumbs below it', async () => {
    const { apiKey, shirts, slim, women } = await storeWithTree('tree-move')
    const moved = await must<{ categoryMove: { category: Category } }>(t, apiKey, MOVE_CATEGORY, {
      input: { id: shirts.id, parentId: women.id },
    })
    expect(moved.categoryMove.category).toMatchObject({ path: 'women/shirts', depth: 2, position: 0, revision: 1 })
    const query = `query ($id: ID) { category(id: $id) { path depth parent { handle } ancestors { handle } breadcrumbs { title path } } }`
    expect((await must<{ category: unknown }>(t, apiKey, query, { id: slim.id })).category).toEqual({
      path: 'women/shirts/slim',
      depth: 3,
      parent: { handle: 'shirts' },
      ancestors: [{ handle: 'women' }, { handle: 'shirts' }],
      breadcrumbs: [
        { title: 'Women', path: 'women' },
        { title: 'Shirts', path: 'women/shirts' },
        { title: 'Slim', path: 'women/shirts/slim' },
      ],
    })
    expect(await paths(apiKey, { parentId: null })).toEqual(['men', 'women'])
    expect(await auditTrail(t, apiKey, shirts.id)).toEqual(['CategoryCreated@0', 'CategoryMoved@1'])
  })

  it('makes a root with parentId null, at a position, and closes the gap it leaves', async () => {
    const { apiKey, men, shirts, shoes } = await storeWithTree('tree-root')
    const moved = await must<{ categoryMove: { category: Category } }>(t, apiKey, MOVE_CATEGORY, {
      input: { id: shirts.id, parentId: null, position: 0 },
    })
    expect(moved.categoryMove.category).toMatchObject({ path: 'shirts', depth: 1, position: 0 })
    expect(await paths(apiKey, { parentId: null })).toEqual(['shirts', 'men', 'women'])
    expect((await t.gql<CategoryData>(apiKey, CATEGORY_BY_ID, { id: shoes.id })).data!.category).toMatchObject({
      position: 0,
    })
    expect(await paths(apiKey, { parentId: men.id })).toEqual(['men/shoes'])
  })

  it('refuses to move a category under its own descendant, changing nothing', async () => {
    const { apiKey, men, slim } = await storeWithTree('tree-cycle')
    const response = await t.gql(apiKey, MOVE_CATEGORY, { input: { id: men.id, parentId: slim.id } })
    expect(onlyError(response)).toEqual(
      badInput(
        ['input', 'parentId'],
        "cannot move 'men' under its own descendant 'men/shirts/slim'; move that descendant out first or choose another parent",
      ),
    )
    expect((await t.gql<CategoryData>(apiKey, CATEGORY_BY_ID, { id: men.id })).data!.category).toEqual(men)
  })

  it('refuses a move that would nest deeper than 8 levels, naming the depth', async () => {
    const { apiKey, men } = await storeWithTree('tree-depth')
    let parentId: string | null = null
    for (let level = 1; level <= 6; level++)
      parentId = (await createCategory(t, apiKey, { title: `L${level}`, parentId })).id
    expect(onlyError(await t.gql(apiKey, MOVE_CATEGORY, { input: { id: men.id, parentId } }))).toEqual(
      badInput(
        ['input', 'parentId'],
        "moving 'men' there would put 'l1/l2/l3/l4/l5/l6/men/shirts/slim' at depth 9; categories may be at most 8 levels deep, so choose a parent higher up",
      ),
    )
    const eighth = await createCategory(t, apiKey, {
      title: 'L7',
      parentId: (await createCategory(t, apiKey, { title: 'X', parentId })).id,
    })
    expect(eighth.depth).toBe(8)
    expect(
      onlyError(
        await t.gql(
          apiKey,
          `mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { category { id } } }`,
          { input: { title: 'Too deep', parentId: eighth.id } },
        ),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('it would be at depth 9'),
    })
  })

  it('refuses a move next to a sibling with the same handle with CONFLICT', async () => {
    const { apiKey, shirts, women } = await storeWithTree('tree-clash')
    await createCategory(t, apiKey, { title: 'Shirts', parentId: women.id })
    expect(
      onlyError(await t.gql(apiKey, MOVE_CATEGORY, { input: { id: shirts.id, parentId: women.id } })),
    ).toMatchObject({ code: 'CONFLICT', field: ['input', 'parentId'] })
  })

  it('makes a root when parentId is omitted, as when it is null', async () => {
    const { apiKey, shirts } = await storeWithTree('tree-omitted')
    const moved = await must<{ categoryMove: { category: Category } }>(t, apiKey, MOVE_CATEGORY, {
      input: { id: shirts.id },
    })
    expect(moved.categoryMove.category).toMatchObject({ path: 'shirts', depth: 1, position: 2 })
    expect(await paths(apiKey, { parentId: null })).toEqual(['men', 'women', 'shirts'])
  })
})

describe('categoryReorder', () => {
  it('puts the listed children first and answers with the new order', async () => {
    const { apiKey, men, shirts, shoes } = await storeWithTree('tree-reorder')
    const third = await createCategory(t, apiKey, { title: 'Hats', parentId: men.id })
    const data = await must<{ categoryReorder: unknown }>(t, apiKey, REORDER, {
      input: { parentId: men.id, ids: [third.id, shoes.id] },
    })
    expect(data.categoryReorder).toMatchObject({
      parent: { id: men.id },
      categories: [
        { handle: 'hats', position: 0 },
        { handle: 'shoes', position: 1 },
        { handle: 'shirts', position: 2 },
      ],
    })
    expect(await auditTrail(t, apiKey, shirts.id)).toEqual(['CategoryCreated@0'])
    const roots = await must<{ categoryReorder: { parent: null; categories: { handle: string }[] } }>(
      t,
      apiKey,
      REORDER,
      { input: { ids: [await idOfPath(apiKey, 'women')] } },
    )
    expect(roots.categoryReorder.parent).toBeNull()
    expect(roots.categoryReorder.categories.map((c) => c.handle)).toEqual(['women', 'men'])
  })

  it('refuses ids that are not children of the parent', async () => {
    const { apiKey, men, slim } = await storeWithTree('tree-reorder-bad')
    expect(onlyError(await t.gql(apiKey, REORDER, { input: { parentId: men.id, ids: [slim.id] } }))).toEqual(
      badInput(['input', 'ids', 0], `category '${slim.id}' is not a child of 'men'; list only that parent's children`),
    )
  })
})

async function idOfPath(apiKey: string, path: string): Promise<string> {
  return (
    await must<{ category: { id: string } }>(t, apiKey, 'query ($p: String) { category(handlePath: $p) { id } }', {
      p: path,
    })
  ).category.id
}

describe('categories', () => {
  it('lists roots for parentId null, children for an id, everything when omitted', async () => {
    const { apiKey, men } = await storeWithTree('tree-list')
    expect(await paths(apiKey, { parentId: null })).toEqual(['men', 'women'])
    expect(await paths(apiKey, { parentId: men.id })).toEqual(['men/shirts', 'men/shoes'])
    expect(await paths(apiKey, { sort: 'PATH_ASC' })).toEqual([
      'men',
      'men/shirts',
      'men/shirts/slim',
      'men/shoes',
      'women',
    ])
    const children = `query ($id: ID) { category(id: $id) { children(sort: TITLE_DESC) { nodes { handle } totalCount } } }`
    expect((await must<{ category: unknown }>(t, apiKey, children, { id: men.id })).category).toEqual({
      children: { nodes: [{ handle: 'shoes' }, { handle: 'shirts' }], totalCount: 2 },
    })
  })

  it('filters by title, handle, path, depth and search, with and/or', async () => {
    const { apiKey } = await storeWithTree('tree-filter')
    expect(await paths(apiKey, { filter: { depth: 2 }, sort: 'PATH_ASC' })).toEqual(['men/shirts', 'men/shoes'])
    expect(await paths(apiKey, { filter: { title: { startsWith: 'sh' } }, sort: 'TITLE_ASC' })).toEqual([
      'men/shirts',
      'men/shoes',
    ])
    expect(await paths(apiKey, { filter: { path: { startsWith: 'men/shirts' } }, sort: 'PATH_ASC' })).toEqual([
      'men/shirts',
      'men/shirts/slim',
    ])
    expect(await paths(apiKey, { filter: { search: 'sli' } })).toEqual(['men/shirts/slim'])
    expect(
      await paths(apiKey, {
        filter: { or: [{ handle: { eq: 'women' } }, { handle: { eq: 'slim' } }] },
        sort: 'PATH_ASC',
      }),
    ).toEqual(['men/shirts/slim', 'women'])
  })

  it('pages in page mode and cursor mode without skipping or repeating', async () => {
    const { apiKey } = await storeWithTree('tree-pages')
    const all = await paths(apiKey, { sort: 'PATH_ASC' })
    const page2 = await must<ListData>(t, apiKey, LIST, { sort: 'PATH_ASC', page: 2, limit: 2 })
    expect(page2.categories.nodes.map((n) => n.path)).toEqual(all.slice(2, 4))
    expect(page2.categories.pageInfo).toMatchObject({ page: 2, totalPages: 3, hasNextPage: true })
    const walked: string[] = []
    let after: string | null = null
    do {
      const page: ListData = await must<ListData>(t, apiKey, LIST, { sort: 'PATH_ASC', first: 2, after })
      walked.push(...page.categories.nodes.map((n) => n.path))
      after = page.categories.pageInfo.hasNextPage ? page.categories.pageInfo.endCursor : null
    } while (after)
    expect(walked).toEqual(all)
    await expectPageBoundsRefused(t, apiKey, LIST)
  })
})

describe('categoryDelete with subcategories', () => {
  it('is refused unless deleteDescendants is true, which deletes the whole subtree', async () => {
    const { apiKey, men, slim } = await storeWithTree('tree-delete')
    expect(onlyError(await t.gql(apiKey, DELETE_CATEGORY, { input: { id: men.id } }))).toEqual(
      badInput(
        ['input', 'deleteDescendants'],
        "category 'men' has 3 subcategories; move or delete them first, or pass deleteDescendants: true to delete them with it",
      ),
    )
    await must(t, apiKey, DELETE_CATEGORY, { input: { id: men.id, deleteDescendants: true } })
    expect(await paths(apiKey, {})).toEqual(['women'])
    expect((await t.gql<CategoryData>(apiKey, CATEGORY_BY_ID, { id: slim.id })).errors![0]!.extensions.code).toBe(
      'NOT_FOUND',
    )
    expect(
      (await t.gql<CategoryData>(apiKey, CATEGORY_BY_ID, { id: await idOfPath(apiKey, 'women') })).data!.category,
    ).toMatchObject({ position: 0 })
  })
})
