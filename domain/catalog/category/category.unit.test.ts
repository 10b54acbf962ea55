import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { DecideContext } from '../../shared/context.js'
import { fold } from '../../shared/event.js'
import { categoryCreateInput, categoryMoveInput, categoryUpdateInput, type CategoryCommand } from './commands.js'
import { categoryCommands, categoryTreeDecider } from './definitions.js'
import type { CategoryCreated, CategoryEvent } from './events.js'
import { childrenOf, depthOf, pathOf } from './tree.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`
const [MEN, SHIRTS, SLIM, WOMEN, SHOES] = [1, 2, 3, 4, 5].map(id) as [string, string, string, string, string]
const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: STORE,
}
const spec = deciderSpec(categoryTreeDecider, ctx)

const seo = { title: '', description: '' }
function created(categoryId: string, handle: string, parentId: string | null = null, position = 0): CategoryCreated {
  return {
    type: 'CategoryCreated',
    data: { categoryId, parentId, position, title: handle.toUpperCase(), handle, description: '', imageId: null, seo },
  }
}
/** men/shirts/slim and women as roots. */
const tree: CategoryEvent[] = [
  created(MEN, 'men'),
  created(SHIRTS, 'shirts', MEN),
  created(SLIM, 'slim', SHIRTS),
  created(WOMEN, 'women', null, 1),
]
/** A chain of `levels` categories c1/c2/…, ids 101, 102, … */
const chain = (levels: number): CategoryEvent[] =>
  Array.from({ length: levels }, (_, i) => created(id(101 + i), `c${i + 1}`, i ? id(100 + i) : null))

const create = (data: Partial<Extract<CategoryCommand, { type: 'CategoryCreate' }>['data']>): CategoryCommand => ({
  type: 'CategoryCreate',
  data: {
    categoryId: SHOES,
    parentId: null,
    position: null,
    title: 'Shoes',
    handle: null,
    description: '',
    imageId: null,
    seo,
    ...data,
  },
})
const move = (categoryId: string, parentId: string | null, position: number | null = null): CategoryCommand => ({
  type: 'CategoryMove',
  data: { categoryId, parentId, position },
})

describe('categoryCreate', () => {
  it('records a root at the end, its handle from the title', () => {
    spec
      .given(tree)
      .when(create({ description: 'All shoes' }))
      .then([
        {
          type: 'CategoryCreated',
          data: {
            categoryId: SHOES,
            parentId: null,
            position: 2,
            title: 'Shoes',
            handle: 'shoes',
            description: 'All shoes',
            imageId: null,
            seo,
          },
        },
      ])
  })

  it('numbers a derived handle that a sibling holds, but not one held elsewhere in the tree', () => {
    const [event] = categoryTreeDecider.decide(create({ title: 'Men' }), fold(categoryTreeDecider, tree), ctx)
    expect(event!.data).toMatchObject({ handle: 'men-2' })
    const [nested] = categoryTreeDecider.decide(
      create({ title: 'Men', parentId: WOMEN }),
      fold(categoryTreeDecider, tree),
      ctx,
    )
    expect(nested!.data).toMatchObject({ handle: 'men', parentId: WOMEN, position: 0 })
  })

  it('inserts at a position, clamped to the end', () => {
    const [first] = categoryTreeDecider.decide(create({ position: 0 }), fold(categoryTreeDecider, tree), ctx)
    expect(first!.data).toMatchObject({ position: 0 })
    const [last] = categoryTreeDecider.decide(create({ position: 99 }), fold(categoryTreeDecider, tree), ctx)
    expect(last!.data).toMatchObject({ position: 2 })
  })

  it('refuses a handle a sibling holds with CONFLICT', () => {
    spec
      .given(tree)
      .when(create({ handle: 'shirts', parentId: MEN }))
      .thenFails({
        code: 'CONFLICT',
        field: ['input', 'handle'],
        message: `handle 'shirts' is taken under 'men' by category '${SHIRTS}'; choose another handle or rename that category`,
      })
  })

  it('refuses an unknown or deleted parent with NOT_FOUND', () => {
    spec
      .given(tree)
      .when(create({ parentId: SHOES }))
      .thenFails({
        code: 'NOT_FOUND',
        field: ['input', 'parentId'],
        message: `parent category '${SHOES}' does not exist`,
      })
  })

  it('allows depth 8 and refuses depth 9, naming the depth', () => {
    const [deepest] = categoryTreeDecider.decide(
      create({ parentId: id(107) }),
      fold(categoryTreeDecider, chain(7)),
      ctx,
    )
    expect(deepest).toMatchObject({ type: 'CategoryCreated', data: { parentId: id(107) } })
    expect(depthOf(fold(categoryTreeDecider, chain(8)), id(108))).toBe(8)
    spec
      .given(chain(8))
      .when(create({ parentId: id(108) }))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'parentId'],
        message:
          "categories may be at most 8 levels deep; under 'c1/c2/c3/c4/c5/c6/c7/c8' (depth 8) it would be at depth 9",
      })
  })

  it('refuses to reuse an id', () => {
    spec
      .given(tree)
      .when(create({ categoryId: MEN }))
      .thenFails({ code: 'CONFLICT', message: `category '${MEN}' already exists` })
  })
})

describe('categoryUpdate', () => {
  const update = (data: object): CategoryCommand => ({ type: 'CategoryUpdate', data: { categoryId: SHIRTS, ...data } })

  it('records one event per changed field', () => {
    const image = id(900)
    spec
      .given(tree)
      .when(
        update({ title: 'Tops', handle: 'tops', description: 'All tops', imageId: image, seo: { title: 'Buy tops' } }),
      )
      .then([
        { type: 'CategoryRetitled', data: { categoryId: SHIRTS, title: 'Tops' } },
        { type: 'CategoryHandleChanged', data: { categoryId: SHIRTS, from: 'shirts', to: 'tops' } },
        { type: 'CategoryDescriptionChanged', data: { categoryId: SHIRTS, description: 'All tops' } },
        { type: 'CategoryImageChanged', data: { categoryId: SHIRTS, imageId: image } },
        { type: 'CategorySeoChanged', data: { categoryId: SHIRTS, seo: { title: 'Buy tops', description: '' } } },
      ])
  })

  it('records nothing when nothing changes, and removes an image with null', () => {
    spec
      .given(tree)
      .when(update({ title: 'SHIRTS', handle: 'shirts', seo: {} }))
      .then([])
    const withImage: CategoryEvent = { type: 'CategoryImageChanged', data: { categoryId: SHIRTS, imageId: id(900) } }
    spec
      .given([...tree, withImage])
      .when(update({ imageId: null }))
      .then([{ type: 'CategoryImageChanged', data: { categoryId: SHIRTS, imageId: null } }])
  })

  it('refuses a handle a sibling holds', () => {
    spec
      .given(tree)
      .when({ type: 'CategoryUpdate', data: { categoryId: WOMEN, handle: 'men' } })
      .thenFails({
        code: 'CONFLICT',
        field: ['input', 'handle'],
        message: "handle 'men' is taken among the root categories",
      })
  })

  it('answers NOT_FOUND for unknown and deleted categories', () => {
    spec
      .given(tree)
      .when(update({ categoryId: SHOES, title: 'X' }))
      .thenFails({ code: 'NOT_FOUND', message: `category '${SHOES}' does not exist in this store` })
    const deleted: CategoryEvent = {
      type: 'CategoryDeleted',
      data: { categoryId: SLIM, parentId: SHIRTS, handle: 'slim' },
    }
    spec
      .given([...tree, deleted])
      .when(update({ categoryId: SLIM, title: 'X' }))
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('categoryMove', () => {
  it('moves a subtree under another parent, last by default', () => {
    spec
      .given(tree)
      .when(move(SHIRTS, WOMEN))
      .then([
        { type: 'CategoryMoved', data: { categoryId: SHIRTS, fromParentId: MEN, toParentId: WOMEN, position: 0 } },
      ])
    const state = fold(categoryTreeDecider, [
      ...tree,
      { type: 'CategoryMoved', data: { categoryId: SHIRTS, fromParentId: MEN, toParentId: WOMEN, position: 0 } },
    ])
    expect(pathOf(state, SLIM)).toBe('women/shirts/slim')
    expect(childrenOf(state, MEN)).toEqual([])
  })

  it('makes a root with parentId null', () => {
    spec
      .given(tree)
      .when(move(SLIM, null, 1))
      .then([
        { type: 'CategoryMoved', data: { categoryId: SLIM, fromParentId: SHIRTS, toParentId: null, position: 1 } },
      ])
  })

  it('only repositions under the same parent', () => {
    spec
      .given(tree)
      .when(move(WOMEN, null, 0))
      .then([{ type: 'CategoryRepositioned', data: { categoryId: WOMEN, parentId: null, from: 1, to: 0 } }])
    spec.given(tree).when(move(WOMEN, null)).then([])
  })

  it('refuses to move a category under its own descendant, naming it', () => {
    spec
      .given(tree)
      .when(move(MEN, SLIM))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'parentId'],
        message:
          "cannot move 'men' under its own descendant 'men/shirts/slim'; move that descendant out first or choose another parent",
      })
    spec
      .given(tree)
      .when(move(MEN, MEN))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'parentId'], message: "cannot move 'men' under itself" })
  })

  it('refuses a move that would put the subtree deeper than 8 levels', () => {
    spec
      .given([...tree, ...chain(6)])
      .when(move(MEN, id(106)))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'parentId'],
        message:
          "moving 'men' there would put 'c1/c2/c3/c4/c5/c6/men/shirts/slim' at depth 9; categories may be at most 8 levels deep",
      })
    spec
      .given([...tree, ...chain(5)])
      .when(move(MEN, id(105)))
      .then([
        { type: 'CategoryMoved', data: { categoryId: MEN, fromParentId: null, toParentId: id(105), position: 0 } },
      ])
  })

  it('refuses a move next to a sibling with the same handle', () => {
    spec
      .given([...tree, created(SHOES, 'shirts', WOMEN)])
      .when(move(SHIRTS, WOMEN))
      .thenFails({ code: 'CONFLICT', field: ['input', 'parentId'], message: "handle 'shirts' is taken under 'women'" })
  })

  it('answers NOT_FOUND for an unknown parent', () => {
    spec
      .given(tree)
      .when(move(SHIRTS, SHOES))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'parentId'] })
  })
})

describe('categoryReorder', () => {
  const roots = [...tree, created(SHOES, 'shoes', null, 2)] // men, women, shoes
  const reorder = (parentId: string | null, categoryIds: string[]): CategoryCommand => ({
    type: 'CategoryReorder',
    data: { parentId, categoryIds },
  })

  it('puts the listed first and records each move in final order', () => {
    spec
      .given(roots)
      .when(reorder(null, [SHOES, WOMEN]))
      .then([
        { type: 'CategoryRepositioned', data: { categoryId: SHOES, parentId: null, from: 2, to: 0 } },
        { type: 'CategoryRepositioned', data: { categoryId: WOMEN, parentId: null, from: 2, to: 1 } },
      ])
    const state = fold(categoryTreeDecider, [
      ...roots,
      ...categoryTreeDecider.decide(reorder(null, [SHOES, WOMEN]), fold(categoryTreeDecider, roots), ctx),
    ])
    expect(childrenOf(state, null)).toEqual([SHOES, WOMEN, MEN])
  })

  it('records nothing for the current order', () => {
    spec
      .given(roots)
      .when(reorder(null, [MEN, WOMEN]))
      .then([])
  })

  it('refuses ids that are not children of the parent, or listed twice', () => {
    spec
      .given(roots)
      .when(reorder(null, [MEN, SHIRTS]))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'ids', 1],
        message: `category '${SHIRTS}' is not a root category`,
      })
    spec
      .given(roots)
      .when(reorder(MEN, [SLIM]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'ids', 0], message: `is not a child of 'men'` })
    spec
      .given(roots)
      .when(reorder(null, [MEN, MEN]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'ids', 1], message: 'listed twice' })
    spec
      .given(roots)
      .when(reorder(id(999), [MEN]))
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'parentId'] })
  })
})

describe('categoryDelete', () => {
  const remove = (categoryId: string, deleteDescendants = false): CategoryCommand => ({
    type: 'CategoryDelete',
    data: { categoryId, deleteDescendants },
  })

  it('deletes a leaf', () => {
    spec
      .given(tree)
      .when(remove(WOMEN))
      .then([{ type: 'CategoryDeleted', data: { categoryId: WOMEN, parentId: null, handle: 'women' } }])
  })

  it('refuses a category with subcategories unless told to delete them, then deletes children first', () => {
    spec
      .given(tree)
      .when(remove(MEN))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'deleteDescendants'],
        message: "category 'men' has 2 subcategories; move or delete them first, or pass deleteDescendants: true",
      })
    spec
      .given(tree)
      .when(remove(MEN, true))
      .then([
        { type: 'CategoryDeleted', data: { categoryId: SLIM, parentId: SHIRTS, handle: 'slim' } },
        { type: 'CategoryDeleted', data: { categoryId: SHIRTS, parentId: MEN, handle: 'shirts' } },
        { type: 'CategoryDeleted', data: { categoryId: MEN, parentId: null, handle: 'men' } },
      ])
  })

  it('answers NOT_FOUND for an unknown category', () => {
    spec.given(tree).when(remove(SHOES)).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('categoryRevert', () => {
  const renamed: CategoryEvent[] = [
    { type: 'CategoryRetitled', data: { categoryId: SHIRTS, title: 'Tops' } },
    { type: 'CategoryHandleChanged', data: { categoryId: SHIRTS, from: 'shirts', to: 'tops' } },
  ]
  const target = { title: 'SHIRTS', handle: 'shirts', description: '', imageId: null, seo }
  const revert = (toRevision: number, categoryId = SHIRTS): CategoryCommand => ({
    type: 'CategoryRevert',
    data: { categoryId, toRevision, target },
  })

  it('records a marker, then the changes back to the revision', () => {
    spec
      .given([...tree, ...renamed])
      .when(revert(0))
      .then([
        { type: 'CategoryReverted', data: { categoryId: SHIRTS, toRevision: 0 } },
        { type: 'CategoryRetitled', data: { categoryId: SHIRTS, title: 'SHIRTS' } },
        { type: 'CategoryHandleChanged', data: { categoryId: SHIRTS, from: 'tops', to: 'shirts' } },
      ])
  })

  it('records nothing when the category already matches', () => {
    spec.given(tree).when(revert(0)).then([])
  })

  it('refuses a revision the category does not have, and unknown categories', () => {
    spec
      .given([...tree, ...renamed])
      .when(revert(3))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'toRevision'], message: `has revisions 0 to 2` })
    spec.given(tree).when(revert(0, SHOES)).thenFails({ code: 'NOT_FOUND' })
  })

  it('refuses a handle a sibling took since', () => {
    const taken = [...tree, ...renamed, created(SHOES, 'shirts', MEN, 1)]
    spec
      .given(taken)
      .when(revert(0))
      .thenFails({ code: 'CONFLICT', field: ['input', 'handle'] })
  })
})

describe('inputs', () => {
  const firstIssue = (
    schema: {
      safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }
    },
    value: unknown,
  ) => {
    const issue = schema.safeParse(value).error!.issues[0]!
    return { field: issue.path, message: issue.message }
  }

  it('explain what is wrong', () => {
    expect(firstIssue(categoryCreateInput, {})).toEqual({ field: ['title'], message: 'title is required' })
    expect(firstIssue(categoryCreateInput, { title: 'X', handle: 'Bad Handle' })).toMatchObject({ field: ['handle'] })
    expect(firstIssue(categoryCreateInput, { title: 'X', seo: { title: 'x'.repeat(71) } })).toEqual({
      field: ['seo', 'title'],
      message: 'seo.title must be at most 70 characters, as search engines cut longer titles',
    })
    expect(firstIssue(categoryCreateInput, { title: 'X', imageId: 'nope' })).toMatchObject({ field: ['imageId'] })
    expect(firstIssue(categoryUpdateInput, { id: 'nope' })).toEqual({
      field: ['id'],
      message: 'id must be a category id (a UUID)',
    })
    expect(firstIssue(categoryMoveInput, { id: MEN })).toMatchObject({ field: ['parentId'] })
    expect(firstIssue(categoryCreateInput, { title: 'X', colour: 'red' })).toMatchObject({
      message:
        'categoryCreate does not take colour; its fields are title, handle, parentId, position, description, imageId, seo',
    })
  })

  it('accept an empty imageId (remove the image) and an explicit null parent', () => {
    expect(categoryUpdateInput.parse({ id: MEN.toUpperCase(), imageId: '' })).toEqual({ id: MEN, imageId: '' })
    expect(categoryMoveInput.parse({ id: MEN, parentId: null })).toEqual({ id: MEN, parentId: null })
  })
})

describe('registry entries', () => {
  it('serve every transport under products:write', () => {
    expect(categoryCommands.map((d) => [d.name, d.tool, d.scope, d.transports, d.annotations.destructive])).toEqual([
      ['categoryCreate', 'create_category', 'products:write', ['graphql', 'mcp', 'cli'], false],
      ['categoryUpdate', 'update_category', 'products:write', ['graphql', 'mcp', 'cli'], false],
      ['categoryMove', 'move_category', 'products:write', ['graphql', 'mcp', 'cli'], false],
      ['categoryReorder', 'reorder_categories', 'products:write', ['graphql', 'mcp', 'cli'], false],
      ['categoryDelete', 'delete_category', 'products:write', ['graphql', 'mcp', 'cli'], true],
      ['categoryRevert', 'revert_category', 'products:write', ['graphql', 'mcp', 'cli'], false],
    ])
  })
})
