import { describe, expect, it } from 'vitest'
import { fold } from '../../shared/event.js'
import { categoryCreateInput, categoryMoveInput, categoryUpdateInput, type CategoryCommand } from './commands.js'
import { categoryCommands, categoryTreeDecider } from './definitions.js'
import type { CategoryEvent } from './events.js'
import { depthOf } from './tree.js'
import {
  id,
  MEN,
  SHIRTS,
  SLIM,
  WOMEN,
  SHOES,
  ctx,
  spec,
  seo,
  tree,
  chain,
  create,
} from '../../../test/support/category-fixtures.js'

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
    expect(firstIssue(categoryMoveInput, { id: MEN, parentId: 'nope' })).toMatchObject({ field: ['parentId'] })
    expect(firstIssue(categoryCreateInput, { title: 'X', colour: 'red' })).toMatchObject({
      message:
        'categoryCreate does not take colour; its fields are title, handle, parentId, position, description, imageId, seo',
    })
  })

  it('accept an empty imageId (remove the image) and a null or omitted parent', () => {
    expect(categoryUpdateInput.parse({ id: MEN.toUpperCase(), imageId: '' })).toEqual({ id: MEN, imageId: '' })
    expect(categoryMoveInput.parse({ id: MEN, parentId: null })).toEqual({ id: MEN, parentId: null })
    expect(categoryMoveInput.parse({ id: MEN })).toEqual({ id: MEN })
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
