import { defineCommand, type AnyCommandDefinition, type PastEvent, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import { badInput, notFound } from '../../shared/errors.js'
import { fold, deciderOf } from '../../shared/event.js'
import { commandEndIndex } from '../../shared/revert-point.js'
import { imageChange, mediaLives } from '../../media/live.js'
import {
  categoryCreateInput,
  categoryDeleteInput,
  categoryMoveInput,
  categoryReorderInput,
  categoryRevertInput,
  categoryUpdateInput,
  type CategoryCommand,
} from './commands.js'
import { decideCategoryTree } from './decide.js'
import type { CategoryContent, CategoryEvent } from './events.js'
import { CATEGORY_ENTITY, categoryTreeStream } from './streams.js'
import { evolveCategoryTree, initialCategoryTreeState } from './tree.js'
import { storeOf } from '../../shared/store-of.js'

export const categoryTreeDecider = deciderOf(initialCategoryTreeState, evolveCategoryTree, decideCategoryTree)

const WRITE = storeWrite(CATEGORY_ENTITY, 'products:write', { decider: categoryTreeDecider })

export const categoryCreate = defineCommand({
  name: 'categoryCreate',
  tool: 'create_category',
  description:
    'Create a category in the current store. Only title is required. parentId puts it under another category (omit it for a ' +
    'root category; at most 8 levels deep); position is its index among the siblings from 0 (last when omitted). handle, the ' +
    'URL name unique among its siblings, is generated from the title when omitted (-2, -3 … if needed). imageId is a media id ' +
    'from upload_image; seo {title, description} overrides what search engines show. Returns the category with its id and path. ' +
    'Fails with CONFLICT when a sibling holds the handle you pass, and NOT_FOUND when the parent or image is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: categoryCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const categoryId = env.newId()
    const imageId = await imageChange(env, storeId, input.imageId, 'imageId')
    const command: CategoryCommand = {
      type: 'CategoryCreate',
      data: {
        categoryId,
        parentId: input.parentId ?? null,
        position: input.position ?? null,
        title: input.title,
        handle: input.handle ?? null,
        description: input.description ?? '',
        imageId: imageId ?? null,
        seo: { title: input.seo?.title ?? '', description: input.seo?.description ?? '' },
      },
    }
    return { stream: categoryTreeStream(storeId), entityId: categoryId, command }
  },
})

export const categoryUpdate = defineCommand({
  name: 'categoryUpdate',
  tool: 'update_category',
  description:
    'Change fields of a category, found by id: title, handle, description, imageId (an empty string removes the image) and seo ' +
    '(only the given parts change). Omitted or null fields stay as they are, so repeating a call is safe. A new handle changes ' +
    'the path of the category and of everything below it. Returns the updated category. Fails with NOT_FOUND when the id is ' +
    'unknown, and CONFLICT when a sibling holds the new handle. To move it in the tree use move_category.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryUpdateInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const { id, imageId, seo, ...changes } = input
    const command: CategoryCommand = {
      type: 'CategoryUpdate',
      data: {
        categoryId: id,
        ...givenFields(changes),
        imageId: await imageChange(env, storeId, imageId, 'imageId'),
        seo: seo ? givenFields(seo) : undefined,
      },
    }
    return { stream: categoryTreeStream(storeId), entityId: input.id, command }
  },
})

export const categoryMove = defineCommand({
  name: 'categoryMove',
  tool: 'move_category',
  description:
    'Move a category, with everything below it, under another parent (parentId; null or omitted makes it a root category) at position ' +
    '(index among the new siblings from 0; last when omitted). With its current parent it only changes its position. Returns ' +
    'the moved category with its new path. Fails with BAD_USER_INPUT when the new parent is the category itself or one of its ' +
    'descendants, or when the subtree would end up deeper than 8 levels; CONFLICT when a new sibling has the same handle.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryMoveInput,
  prepare(input, env) {
    const command: CategoryCommand = {
      type: 'CategoryMove',
      data: { categoryId: input.id, parentId: input.parentId ?? null, position: input.position ?? null },
    }
    return { stream: categoryTreeStream(storeOf(env)), entityId: input.id, command }
  },
})

export const categoryReorder = defineCommand({
  name: 'categoryReorder',
  tool: 'reorder_categories',
  description:
    'Change the order of the children of one parent (parentId; null or omitted: the root categories). The listed ids come ' +
    'first, in the order given; the other children keep their order after them. Returns the first listed category with its ' +
    'new position. Fails with BAD_USER_INPUT when an id is not a child of that parent, and NOT_FOUND when the parent is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryReorderInput,
  prepare(input, env) {
    const parentId = input.parentId ?? null
    const command: CategoryCommand = { type: 'CategoryReorder', data: { parentId, categoryIds: input.ids } }
    // The answer is read back by entity id: the first listed category, whose position the call set.
    return { stream: categoryTreeStream(storeOf(env)), entityId: input.ids[0]!, command }
  },
})

export const categoryDelete = defineCommand({
  name: 'categoryDelete',
  tool: 'delete_category',
  description:
    'Delete a category, found by id, for good, with its product assignments (the products themselves stay). A category with ' +
    'subcategories is refused unless deleteDescendants is true, which deletes the whole subtree; to keep the subcategories, ' +
    'move them elsewhere with move_category first. Returns the deleted id. Fails with NOT_FOUND when the id is unknown.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: categoryDeleteInput,
  prepare(input, env) {
    const command: CategoryCommand = {
      type: 'CategoryDelete',
      data: { categoryId: input.id, deleteDescendants: input.deleteDescendants ?? false },
    }
    return { stream: categoryTreeStream(storeOf(env)), entityId: input.id, command }
  },
})

export const categoryRevert = defineCommand({
  name: 'categoryRevert',
  tool: 'revert_category',
  description:
    "Restore a category's title, handle, description, image and SEO as they were at an earlier revision (toRevision, from its " +
    'history), as the whole change that wrote that revision left them (0: as its creation made them). Its place in the tree ' +
    'stays; use move_category for that. The history keeps everything: a ' +
    'CategoryReverted entry followed by the changes. Returns the category. Fails with BAD_USER_INPUT when the revision does ' +
    'not exist or its image has since been deleted, NOT_FOUND when the category is unknown or deleted.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryRevertInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const target = categoryAtRevision(await env.readStream(categoryTreeStream(storeId)), input.id, input.toRevision)
    if (target.imageId !== null && !(await mediaLives(env, storeId, target.imageId))) {
      throw badInput(
        ['input', 'toRevision'],
        `revision ${input.toRevision} shows image '${target.imageId}', which has since been deleted from the media library; choose another revision`,
      )
    }
    const command: CategoryCommand = {
      type: 'CategoryRevert',
      data: { categoryId: input.id, toRevision: input.toRevision, target },
    }
    return { stream: categoryTreeStream(storeId), entityId: input.id, command }
  },
})

export const categoryCommands: readonly AnyCommandDefinition[] = [
  categoryCreate,
  categoryUpdate,
  categoryMove,
  categoryReorder,
  categoryDelete,
  categoryRevert,
]

/**
 * A category's fields as the whole command that wrote its own event number `revision` left them
 * (0: as its creation made it), folded from the tree stream's events that carry its id.
 */
export function categoryAtRevision(
  treeEvents: readonly PastEvent[],
  categoryId: string,
  revision: number,
): CategoryContent {
  const own = treeEvents.flatMap((event, index) => (event.data.categoryId === categoryId ? [index] : []))
  if (own.length === 0) throw notFound('category', categoryId)
  if (revision >= own.length) {
    throw badInput(
      ['input', 'toRevision'],
      `category '${categoryId}' has revisions 0 to ${own.length - 1}; choose one of them from its history`,
    )
  }
  const end = commandEndIndex(treeEvents, own[revision]!)
  const through = own.filter((index) => index <= end).map((index) => treeEvents[index]) as unknown as CategoryEvent[]
  const node = fold(categoryTreeDecider, through).nodes[categoryId]
  if (!node)
    throw badInput(
      ['input', 'toRevision'],
      `category '${categoryId}' was deleted at revision ${revision}; choose an earlier one`,
    )
  const { title, handle, description, imageId, seo } = node
  return { title, handle, description, imageId, seo: { ...seo } }
}
