import { describe, expect, it } from 'vitest'
import { fold } from '../../shared/event.js'
import type { CategoryCommand } from './commands.js'
import { categoryTreeDecider } from './definitions.js'
import type { CategoryEvent } from './events.js'
import { childrenOf, pathOf } from './tree.js'
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
  created,
  tree,
  chain,
  move,
} from '../../../test/support/category-fixtures.js'

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
